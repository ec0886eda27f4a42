/**
 * The public pages' script (vite.page.config.ts) with the analytics sender
 * replaced by no-ops (analytics-stub.ts): the baseline e2e/desk/analytics.spec.ts
 * compares the real build's page script with. Build it with
 *   RR_BUILD_DIR=<dir> npx vite build -c e2e/support/no-analytics.vite.config.ts
 */
import { fileURLToPath } from "node:url";
import { mergeConfig, type Plugin } from "vite";
import page from "../../vite.page.config";

const STUB = fileURLToPath(new URL("./analytics-stub.ts", import.meta.url));
const SENDER = /[\\/]app[\\/]lib[\\/]analytics\.ts$/;

function withoutAnalytics(): Plugin {
  return {
    name: "without-analytics",
    enforce: "pre",
    async resolveId(source, importer, options) {
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved && SENDER.test(resolved.id) ? STUB : null;
    },
  };
}

export default mergeConfig(page, { plugins: [withoutAnalytics()] });
