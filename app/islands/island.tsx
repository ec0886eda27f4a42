/**
 * An island at prerender time: `<Island name="wizard" component={…} props={…} />`
 * renders the component as a React root of its own, inside
 * `<div data-island="wizard" data-island-props="{…}">`. The client module of
 * the same name (loader.ts) later hydrates exactly that markup, with the same
 * props and the same id prefix, so the two match. Props must be JSON.
 * See docs/decisions/0012-islands.md.
 */
import type { ComponentType } from "react";
import { islandIdPrefix } from "./ids";

// The prerenderer (and the unit tests) render an island as a root of its own;
// a browser bundle folds this to null and never downloads React's server renderer.
const renderToString =
  import.meta.env.SSR || import.meta.env.MODE === "test"
    ? (await import("react-dom/server")).renderToString
    : null;

export function Island<P extends Record<string, unknown>>({
  name,
  component: Component,
  props,
  className,
}: {
  name: string;
  component: ComponentType<P>;
  props: P;
  className?: string;
}) {
  const attributes = {
    "data-island": name,
    "data-island-props": Object.keys(props).length > 0 ? JSON.stringify(props) : undefined,
    className,
  };
  // A page that React renders in the browser (none of the public ones) has
  // the component as an ordinary part of its tree.
  if (!renderToString)
    return (
      <div {...attributes}>
        <Component {...props} />
      </div>
    );
  const html = renderToString(<Component {...props} />, { identifierPrefix: islandIdPrefix(name) });
  return (
    <div
      {...attributes}
      // The island's content belongs to its own root, not the page's.
      dangerouslySetInnerHTML={{ __html: html }}
      suppressHydrationWarning
    />
  );
}
