import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { publicBuildEnv } from "./scripts/public-env.mjs";

// Public values (never secrets) are baked into the prerendered pages at build
// time as import.meta.env.VITE_*; scripts/start.mjs rebuilds when they change.
const env = publicBuildEnv(process.env);
process.env.VITE_SITE_URL = env.siteUrl;
process.env.VITE_BOOKING_URL = env.bookingUrl;

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { tsconfigPaths: true },
});
