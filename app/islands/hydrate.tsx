/**
 * Wakes an island: hydrates its prerendered markup as a React root of its
 * own, resolving once React has committed. Loaded with an island's code,
 * never with the page. What the visitor typed into the plain HTML before
 * this moment is handed to the component as `typedValues`, so a form can
 * adopt it instead of resetting the fields to its defaults.
 */
import { useEffect, type ComponentType, type ReactNode } from "react";
import { hydrateRoot, type Root } from "react-dom/client";
import { islandIdPrefix } from "./ids";

export type TypedValues = Record<string, string>;

export interface IslandProps {
  /** Text the visitor typed into the island's fields before it woke, by field name. */
  typedValues?: TypedValues;
}

/** Text fields whose value differs from the prerendered one: the visitor typed there. */
export function readTypedValues(element: HTMLElement): TypedValues {
  const typed: TypedValues = {};
  for (const field of element.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(
    "input[name], textarea[name]",
  )) {
    if (
      field instanceof HTMLInputElement &&
      ["checkbox", "radio", "hidden", "submit", "button"].includes(field.type)
    )
      continue;
    if (field.value !== field.defaultValue) typed[field.name] = field.value;
  }
  return typed;
}

const roots = new WeakMap<Element, Root>();

/** The React root an island woke into, if it has (tests unmount it when done). */
export function islandRoot(element: Element): Root | undefined {
  return roots.get(element);
}

function Committed({ onCommit, children }: { onCommit: () => void; children: ReactNode }) {
  useEffect(onCommit, [onCommit]);
  return children;
}

export function hydrateIsland<P extends IslandProps>(
  element: HTMLElement,
  name: string,
  Component: ComponentType<P>,
  props: Record<string, unknown>,
): Promise<void> {
  const typedValues = readTypedValues(element);
  return new Promise((resolve) => {
    const root = hydrateRoot(
      element,
      <Committed onCommit={resolve}>
        <Component {...(props as P)} typedValues={typedValues} />
      </Committed>,
      { identifierPrefix: islandIdPrefix(name) },
    );
    roots.set(element, root);
  });
}
