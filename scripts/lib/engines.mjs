// Where the browser tests find the engines besides Chromium (scripts/lib/chromium.mjs):
// Debian's Firefox ESR (driven over WebDriver BiDi), and WebKitGTK's WebKitWebDriver with its
// MiniBrowser (Safari's engine), which draws into an X display (Xvfb). Each path can be overridden.
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";

export const firefoxPath = process.env.FIREFOX_PATH ?? "/usr/bin/firefox-esr";
export const webkitDriverPath = process.env.WEBKIT_DRIVER_PATH ?? "/usr/bin/WebKitWebDriver";
export const xvfbPath = process.env.XVFB_PATH ?? "/usr/bin/Xvfb";

/**
 * The MiniBrowser that webkit2gtk-driver drives: MINIBROWSER_PATH, else the one
 * under /usr/lib/<multiarch>/webkit2gtk-4.*, newest API first; null when none is installed.
 */
export function findMiniBrowser() {
  if (process.env.MINIBROWSER_PATH) return process.env.MINIBROWSER_PATH;
  const lib = "/usr/lib";
  const list = (dir) => {
    try {
      return readdirSync(dir);
    } catch {
      return [];
    }
  };
  for (const arch of list(lib).filter((name) => name.endsWith("-linux-gnu"))) {
    const apis = list(join(lib, arch))
      .filter((name) => name.startsWith("webkit2gtk-4."))
      .sort()
      .reverse();
    for (const api of apis) {
      const path = join(lib, arch, api, "MiniBrowser");
      if (existsSync(path)) return path;
    }
  }
  return null;
}

/** What is missing for the engine tests, each with the Debian package that provides it. */
export function missingEngines() {
  const missing = [];
  if (!existsSync(firefoxPath)) missing.push({ what: `Firefox at ${firefoxPath}`, apt: "firefox-esr" });
  if (!existsSync(webkitDriverPath)) {
    missing.push({ what: `WebKitWebDriver at ${webkitDriverPath}`, apt: "webkit2gtk-driver" });
  } else if (!findMiniBrowser()) {
    missing.push({ what: "WebKitGTK's MiniBrowser", apt: "webkit2gtk-driver" });
  }
  if (!existsSync(xvfbPath)) missing.push({ what: `Xvfb at ${xvfbPath}`, apt: "xvfb" });
  return missing;
}
