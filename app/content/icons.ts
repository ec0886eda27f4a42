/**
 * Icons that content may name. Content stays plain data; the UI maps each
 * name to an icon component (app/components/content-icon.tsx).
 */
export const contentIconNames = [
  "trending-up",
  "shield-check",
  "clock",
  "percent",
  "building",
  "landmark",
  "banknote",
  "calendar",
  "handshake",
  "line-chart",
  "piggy-bank",
  "rocket",
  "scale",
  "users",
  "file-check",
  "zap",
  "target",
  "briefcase",
  "badge-check",
  "repeat",
  "lock",
  "layers",
  "home",
  "key",
] as const;

export type ContentIconName = (typeof contentIconNames)[number];
