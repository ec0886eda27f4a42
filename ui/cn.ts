import { clsx, type ClassValue } from "clsx";

// A small stand-in for tailwind-merge (8 KB compressed on every page): the
// conflicts this code base relies on, resolved the same way (the later class
// of a group wins, under the same variants). A class outside these groups is
// always kept.
const SIZES = "xs|sm|base|lg|xl|\\d?xl";
const GROUPS: [group: string, pattern: RegExp][] = [
  [
    "display",
    /^(block|inline-block|inline|flex|inline-flex|grid|inline-grid|table|contents|flow-root|list-item|hidden)$/,
  ],
  ["position", /^(static|fixed|absolute|relative|sticky)$/],
  ["font-size", new RegExp(`^text-((${SIZES})(/.+)?|\\[(length:)?[\\d.]+\\w*\\]|\\(length:[^)]+\\))$`)],
  ["text-align", /^text-(left|center|right|justify|start|end)$/],
  ["text-wrap", /^text-(wrap|nowrap|balance|pretty)$/],
  ["text-color", /^text-/],
  ["font-weight", /^font-(thin|extralight|light|normal|medium|semibold|bold|extrabold|black)$/],
  ["leading", /^leading-/],
  ["tracking", /^tracking-/],
  [
    "bg-color",
    /^bg-(?!(linear|radial|conic|gradient|none|fixed|local|scroll|clip|origin|repeat|no-repeat|cover|contain|auto|center|top|bottom|left|right|blend)\b)/,
  ],
  ["border-w", /^border(-\d+)?$/],
  [
    "border-color",
    /^border-(?!(solid|dashed|dotted|double|none|hidden|collapse|separate|spacing|[xytblrse](-|$)))/,
  ],
  ["shadow", /^shadow(-(2xs|xs|sm|md|lg|xl|2xl|none))?$/],
  ["rounded", /^rounded(-(none|xs|sm|md|lg|xl|\dxl|full))?$/],
  ["p", /^p-/],
  ["px", /^px-/],
  ["py", /^py-/],
  ["pt", /^pt-/],
  ["pr", /^pr-/],
  ["pb", /^pb-/],
  ["pl", /^pl-/],
  ["m", /^m-/],
  ["mx", /^mx-/],
  ["my", /^my-/],
  ["mt", /^mt-/],
  ["mr", /^mr-/],
  ["mb", /^mb-/],
  ["ml", /^ml-/],
  ["gap", /^gap-\S+$/],
  ["gap-x", /^gap-x-/],
  ["gap-y", /^gap-y-/],
  ["size", /^size-/],
  ["w", /^w-/],
  ["h", /^h-/],
  ["min-w", /^min-w-/],
  ["max-w", /^max-w-/],
  ["min-h", /^min-h-/],
  ["max-h", /^max-h-/],
  ["flex-direction", /^flex-(row|col)(-reverse)?$/],
  ["flex", /^flex-(\d+|auto|initial|none|\[.+\])$/],
  ["shrink", /^shrink(-\d+)?$/],
  ["grow", /^grow(-\d+)?$/],
  ["basis", /^basis-/],
  ["items", /^items-/],
  ["justify", /^justify-(start|end|center|between|around|evenly|stretch|normal)$/],
  ["opacity", /^opacity-/],
  ["inset", /^inset-(?![xy]-)/],
  ["inset-x", /^inset-x-/],
  ["inset-y", /^inset-y-/],
  ["top", /^top-/],
  ["right", /^right-/],
  ["bottom", /^bottom-/],
  ["left", /^left-/],
  ["z", /^z-/],
  ["overflow", /^overflow-(auto|hidden|clip|visible|scroll)$/],
  ["col-span", /^col-(span-\S+|auto)$/],
  ["grid-cols", /^grid-cols-/],
];
/** A later class of the key group also overrides these (p-4 after px-2 drops px-2; text-base drops leading-*). */
const OVERRIDES: Record<string, string[]> = {
  "font-size": ["leading"],
  p: ["px", "py", "pt", "pr", "pb", "pl"],
  px: ["pr", "pl"],
  py: ["pt", "pb"],
  m: ["mx", "my", "mt", "mr", "mb", "ml"],
  mx: ["mr", "ml"],
  my: ["mt", "mb"],
  gap: ["gap-x", "gap-y"],
  flex: ["shrink", "grow", "basis"],
  size: ["w", "h"],
  inset: ["inset-x", "inset-y", "top", "right", "bottom", "left"],
  "inset-x": ["right", "left"],
  "inset-y": ["top", "bottom"],
};

function groupOf(utility: string): string | undefined {
  // The sorting key "gap-x-4" must not land in "gap": check the axis groups first.
  if (/^gap-[xy]-/.test(utility)) return utility.slice(0, 5);
  return GROUPS.find(([, pattern]) => pattern.test(utility))?.[0];
}

/** Merge class names; the caller's classes come last and win. */
export function cn(...inputs: ClassValue[]) {
  const classes = clsx(inputs).split(" ");
  const taken = new Set<string>();
  const kept: string[] = [];
  for (let index = classes.length - 1; index >= 0; index--) {
    const name = classes[index];
    if (!name) continue;
    // Variants ("md:", "hover:", "[&_svg]:") are everything before the last colon outside brackets.
    let depth = 0;
    let split = -1;
    for (let at = 0; at < name.length; at++) {
      const char = name[at];
      if (char === "[" || char === "(") depth++;
      else if (char === "]" || char === ")") depth--;
      else if (char === ":" && depth === 0) split = at;
    }
    const variants = split < 0 ? "" : name.slice(0, split + 1);
    const important = name.endsWith("!") || name[split + 1] === "!" ? "!" : "";
    const utility = name
      .slice(split + 1)
      .replace(/^!|!$/g, "")
      .replace(/^-/, "");
    const group = groupOf(utility);
    if (group) {
      const key = variants + important + group;
      if (taken.has(key)) continue;
      taken.add(key);
      for (const overridden of OVERRIDES[group] ?? []) taken.add(variants + important + overridden);
    }
    kept.push(name);
  }
  return kept.reverse().join(" ");
}
