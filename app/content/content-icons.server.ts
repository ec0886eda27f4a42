import dynamicIconImports from "lucide-react/dynamicIconImports";
import type { ContentIconData, ContentIconName, ContentIconSet } from "./icons";

type LucideName = keyof typeof dynamicIconImports;

/** Content names that lucide files under another name. */
const lucideNames: Partial<Record<ContentIconName, LucideName>> = {
  "line-chart": "chart-line",
  home: "house",
  key: "key-round",
};

/**
 * The SVG data of the named content icons, for a build-time loader. Each
 * icon module's `__iconData` is what lucide-react's own DynamicIcon renders.
 */
export async function contentIcons(names: Iterable<ContentIconName>): Promise<ContentIconSet> {
  const unique = [...new Set(names)];
  const entries = await Promise.all(
    unique.map(async (name) => {
      // Typed as a component module, but the module also exports its data.
      const module = (await dynamicIconImports[lucideNames[name] ?? (name as LucideName)]()) as unknown as {
        __iconData?: ContentIconData;
      };
      if (!module.__iconData) throw new Error(`lucide-react has no icon data for "${name}"`);
      return [name, module.__iconData] as const;
    }),
  );
  return Object.fromEntries(entries);
}
