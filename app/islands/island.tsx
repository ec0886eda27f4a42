/**
 * An island at prerender time: `<Island name="wizard" component={…} props={…} />`
 * renders the component as a React root of its own, inside
 * `<div data-island="wizard" data-island-props="{…}">`. The client module of
 * the same name (loader.ts) later hydrates exactly that markup, with the same
 * props and the same id prefix, so the two match. Props must be JSON.
 * See docs/decisions/0012-islands.md.
 */
import type { ComponentType } from "react";
import { renderToString } from "react-dom/server";
import { islandIdPrefix } from "./ids";

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
  const html = renderToString(<Component {...props} />, { identifierPrefix: islandIdPrefix(name) });
  return (
    <div
      data-island={name}
      data-island-props={Object.keys(props).length > 0 ? JSON.stringify(props) : undefined}
      className={className}
      // The island's content belongs to its own root, not the page's.
      dangerouslySetInnerHTML={{ __html: html }}
      suppressHydrationWarning
    />
  );
}
