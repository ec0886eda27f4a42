/**
 * Icons that content may name. Content stays plain data; a page's loader
 * resolves the names it shows to SVG data (content-icons.server.ts) and
 * components/content-icon.tsx draws them.
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

/**
 * An icon as SVG data: lucide's icon data (element name, attributes), kept to
 * plain strings and numbers so it travels inside a page as loader data.
 */
export interface ContentIconData {
  name?: string;
  size?: number;
  node: [element: string, attributes: Record<string, string | number>][];
}

/** The SVG data of the content icons a page shows, by name (content-icons.server.ts). */
export type ContentIconSet = Partial<Record<ContentIconName, ContentIconData>>;
