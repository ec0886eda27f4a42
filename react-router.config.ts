import type { Config } from "@react-router/dev/config";

export default {
  // Every public page is prerendered to real HTML at build time; there is no
  // runtime renderer (see docs/decisions/0001-prerendered-site.md).
  ssr: false,
  // Lets parallel builds (tests, benchmarks) use their own folder.
  buildDirectory: process.env.RR_BUILD_DIR ?? "build",
  async prerender({ getStaticPaths }) {
    // "/404" renders the catch-all route so the server can answer unknown
    // paths with real HTML and a real 404 status.
    return [...getStaticPaths(), "/404"];
  },
} satisfies Config;
