/**
 * A browser's user agent in a few words ("Firefox on Windows", "an
 * automated client"): what the desk shows of who opened a copy of someone's
 * data. The audit row keeps the whole user agent and the IP beside it.
 */

const BROWSERS: [RegExp, string][] = [
  [/\bEdg(e|A|iOS)?\//, "Edge"],
  [/\bOPR\//, "Opera"],
  [/\bSamsungBrowser\//, "Samsung Internet"],
  [/\b(Firefox|FxiOS)\//, "Firefox"],
  [/\b(Chrome|Chromium|CriOS)\//, "Chrome"],
  [/\bVersion\/[\d.]+.*\bSafari\//, "Safari"],
];

const SYSTEMS: [RegExp, string][] = [
  [/\bAndroid\b/, "Android"],
  [/\b(iPhone|iPad|iPod)\b/, "iOS"],
  [/\bWindows\b/, "Windows"],
  [/\bMac OS X\b|\bMacintosh\b/, "macOS"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\bLinux\b/, "Linux"],
];

const AUTOMATED = /bot|crawl|spider|scan|preview|fetch|curl|wget|python|java\/|go-http|headless|okhttp|node/i;

export function describeClient(userAgent: string | undefined): string {
  const agent = userAgent?.trim() ?? "";
  if (!agent) return "a client that gave no name";
  if (AUTOMATED.test(agent)) return "an automated client";
  const browser = BROWSERS.find(([pattern]) => pattern.test(agent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(agent))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  if (browser || system) return (browser ?? `a browser on ${system}`) as string;
  return "an unrecognised client";
}
