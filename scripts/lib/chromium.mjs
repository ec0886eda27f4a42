// The Chromium every browser run uses (browser tests, screenshots, Lighthouse):
// Debian's package unless CHROME_PATH names another, with the flags a headless
// run as root on a machine without outside network needs (no sandbox, no GPU,
// none of Chromium's own background connections).
export const chromiumPath = process.env.CHROME_PATH ?? "/usr/bin/chromium";

export const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-dev-shm-usage",
];
