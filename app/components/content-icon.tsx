import { Icon, type LucideIconData } from "lucide-react";
import { createContext, useContext, type ReactNode } from "react";
import type { ContentIconName, ContentIconSet } from "~/content/icons";

const ContentIcons = createContext<ContentIconSet>({});

/**
 * Supplies a page's content icons. A route's build-time loader resolves the
 * names its content uses (content/content-icons.server.ts), so the page
 * carries those few icons in its HTML instead of shipping every content
 * icon's code.
 */
export function ContentIconProvider({ icons, children }: { icons: ContentIconSet; children: ReactNode }) {
  return <ContentIcons.Provider value={icons}>{children}</ContentIcons.Provider>;
}

/** A decorative icon named by content data. */
export function ContentIcon({ name, className }: { name: ContentIconName; className?: string }) {
  const icon = useContext(ContentIcons)[name];
  // Prerendering stops here when a page's loader left an icon out.
  if (!icon) throw new Error(`Content icon "${name}" was not supplied by this page's loader`);
  // The data is lucide's own (content-icons.server.ts), typed plainly to travel as loader data.
  return <Icon icon={icon as LucideIconData} className={className} aria-hidden="true" />;
}
