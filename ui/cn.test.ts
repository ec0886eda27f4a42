import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { twMerge } from "tailwind-merge";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { cn } from "./cn";

/*
 * cn stands in for tailwind-merge in the browser bundle, so on every class
 * list the site or the desk can hand it, it must give tailwind-merge's
 * answer. The lists are read from the source (app/, ui/ and desk/ **\/*.tsx),
 * not written here:
 *
 * - every cn(...) call, with each possible value of each argument: a string,
 *   a constant holding one, `cond && "..."` (present or absent), both sides of
 *   `cond ? "..." : "..."`, every entry of a constant map indexed by a
 *   variable, and a cva(...) definition such as buttonVariants(...) with the
 *   variants written out (every one where a variable picks);
 * - where the call merges a prop of the caller's (`className`,
 *   `containerClassName`), once with each value a JSX element of that
 *   component passes (read the same way) or none, following components that
 *   pass their className on to another.
 *
 * An argument of another form fails the first test, so nothing is skipped
 * silently.
 */

/** Marks where a component's caller's classes go, followed by the prop's name (`className`, `containerClassName`). */
const SLOT = "\u0000";
/** One possible class list: class names, and slots for the caller's. */
type Alternative = string[];
const hasSlot = (list: Alternative) => list.some((name) => name.startsWith(SLOT));

/** Expressions inside cn(...) calls this reading cannot follow; the test expects none. */
const unread = new Set<string>();

const root = join(import.meta.dirname, "..");
const sources = ["app", "ui", "desk"].flatMap((dir) =>
  readdirSync(join(root, dir), { recursive: true, encoding: "utf8" })
    .filter((path) => path.endsWith(".tsx") && !path.endsWith(".test.tsx"))
    .map((path) =>
      ts.createSourceFile(
        join(dir, path),
        readFileSync(join(root, dir, path), "utf8"),
        ts.ScriptTarget.Latest,
        true,
      ),
    ),
);

function walk(node: ts.Node, visit: (node: ts.Node) => void) {
  visit(node);
  node.forEachChild((child) => walk(child, visit));
}

const isString = (node: ts.Node): node is ts.StringLiteral | ts.NoSubstitutionTemplateLiteral =>
  ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node);

// Constants in those folders that hold a class string or a map of them, and the cva definitions.
const constants = new Map<string, ts.Expression[]>();
const variantSets = new Map<string, ts.CallExpression>();
for (const source of sources) {
  walk(source, (node) => {
    if (!ts.isVariableDeclaration(node) || !ts.isIdentifier(node.name) || !node.initializer) return;
    let value = node.initializer;
    if (ts.isAsExpression(value)) value = value.expression;
    if (ts.isCallExpression(value) && value.expression.getText() === "cva")
      variantSets.set(node.name.text, value);
    else if (isString(value) || ts.isObjectLiteralExpression(value)) {
      constants.set(node.name.text, [...(constants.get(node.name.text) ?? []), value]);
    }
  });
}

/** The constant a name refers to: the one in the same file, else the only one of that name. */
function constant(name: ts.Identifier): ts.Expression | undefined {
  const found = constants.get(name.text) ?? [];
  return (
    found.find((value) => value.getSourceFile() === name.getSourceFile()) ??
    (found.length === 1 ? found[0] : undefined)
  );
}

function product(parts: Alternative[][]): Alternative[] {
  return parts.reduce<Alternative[]>(
    (lists, choices) => lists.flatMap((list) => choices.map((choice) => [...list, ...choice])),
    [[]],
  );
}

/** An object literal's entries by key (`{ variant, size }` maps each name to itself). */
function entries(object: ts.Expression | undefined): Map<string, ts.Expression> {
  if (!object || !ts.isObjectLiteralExpression(object)) return new Map();
  return new Map(
    object.properties.flatMap((property): [string, ts.Expression][] => {
      if (ts.isShorthandPropertyAssignment(property)) return [[property.name.text, property.name]];
      if (!ts.isPropertyAssignment(property)) return [];
      const key =
        ts.isStringLiteral(property.name) || ts.isIdentifier(property.name) ? property.name.text : "";
      return [[key, property.initializer]];
    }),
  );
}

/** The class lists an expression can produce. */
function alternatives(node: ts.Expression): Alternative[] {
  if (isString(node)) return [node.text.split(/\s+/).filter(Boolean)];
  if (ts.isParenthesizedExpression(node)) return alternatives(node.expression);
  if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.AmpersandAmpersandToken) {
    return [[], ...alternatives(node.right)];
  }
  if (ts.isConditionalExpression(node))
    return [...alternatives(node.whenTrue), ...alternatives(node.whenFalse)];
  if (ts.isIdentifier(node)) {
    if (/className$/i.test(node.text)) return [[SLOT + node.text]];
    const value = constant(node);
    return value && isString(value) ? alternatives(value) : [[]];
  }
  if (ts.isElementAccessExpression(node) && ts.isIdentifier(node.expression)) {
    return [...entries(constant(node.expression)).values()].flatMap(alternatives);
  }
  if (ts.isCallExpression(node)) {
    const name = node.expression.getText();
    if (name === "cn") return product(node.arguments.map(alternatives));
    const definition = variantSets.get(name);
    if (definition) return variantAlternatives(definition, node.arguments[0]);
  }
  unread.add(node.getText());
  return [[]];
}

/** A cva call's class lists: its base, then the chosen option of each variant (every one when a variable picks). */
function variantAlternatives(
  definition: ts.CallExpression,
  chosen: ts.Expression | undefined,
): Alternative[] {
  const [base, config] = definition.arguments;
  const settings = entries(config);
  const defaults = entries(settings.get("defaultVariants"));
  const picks = entries(chosen);
  const parts = [...entries(settings.get("variants"))].map(([key, optionList]) => {
    const options = entries(optionList);
    const pick = picks.get(key) ?? defaults.get(key);
    const picked = pick && isString(pick) ? options.get(pick.text) : undefined;
    return picked ? alternatives(picked) : [...options.values()].flatMap(alternatives);
  });
  return product([alternatives(base), ...parts]);
}

// Each component's class lists, found where it hands cn a className prop of its caller's.
const componentLists = new Map<string, Alternative[]>();
const cases = new Set<string>();
const add = (list: Alternative) => cases.add(list.filter((name) => !name.startsWith(SLOT)).join(" "));

function enclosingComponent(node: ts.Node): string | undefined {
  for (let at: ts.Node | undefined = node; at; at = at.parent) {
    if (ts.isFunctionDeclaration(at) && at.name) return at.name.text;
  }
  return undefined;
}

function addComponentLists(node: ts.Node, lists: Alternative[]) {
  const component = enclosingComponent(node);
  if (!component) return;
  const known = componentLists.get(component) ?? [];
  const fresh = lists.filter(
    (list) => hasSlot(list) && !known.some((other) => other.join(" ") === list.join(" ")),
  );
  if (fresh.length) componentLists.set(component, [...known, ...fresh]);
}

for (const source of sources) {
  walk(source, (node) => {
    if (!ts.isCallExpression(node) || node.expression.getText() !== "cn") return;
    if (ts.isCallExpression(node.parent) && node.parent.expression.getText() === "cn") return;
    const lists = alternatives(node);
    lists.forEach(add);
    addComponentLists(node, lists);
  });
}

/** A JSX element's value for a prop, read as class lists; none when it does not pass it. */
function propAlternatives(element: ts.JsxOpeningLikeElement, prop: string): Alternative[] {
  const attribute = element.attributes.properties.find(
    (property): property is ts.JsxAttribute =>
      ts.isJsxAttribute(property) && property.name.getText() === prop,
  );
  const value =
    attribute?.initializer && ts.isJsxExpression(attribute.initializer)
      ? attribute.initializer.expression
      : attribute?.initializer;
  return value ? alternatives(value) : [[]];
}

// Callers: <Button className="..."> puts its classes in Button's slot. Repeated
// so that a component passing its className on reaches the one it renders.
for (let depth = 0; depth < 3; depth++) {
  for (const source of sources) {
    walk(source, (node) => {
      if (!ts.isJsxOpeningElement(node) && !ts.isJsxSelfClosingElement(node)) return;
      const lists = componentLists.get(node.tagName.getText());
      if (!lists) return;
      const filled = lists.flatMap((list) =>
        list.reduce<Alternative[]>(
          (partial, name) =>
            name.startsWith(SLOT)
              ? partial.flatMap((start) =>
                  propAlternatives(node, name.slice(SLOT.length)).map((given) => [...start, ...given]),
                )
              : partial.map((start) => [...start, name]),
          [[]],
        ),
      );
      filled.forEach(add);
      addComponentLists(node, filled);
    });
  }
}

describe("cn", () => {
  it("finds the site's class lists and reads every argument of every cn call", () => {
    expect([...unread]).toEqual([]);
    // A floor, not an exact count: it fails if the reading above stops finding them.
    expect(componentLists.has("Button")).toBe(true);
    expect(componentLists.has("DialogContent")).toBe(true);
    expect(cases.size).toBeGreaterThan(100);
  });

  it.each([...cases])("merges %s as tailwind-merge does", (classes) => {
    expect(cn(classes)).toBe(twMerge(classes));
  });

  it("joins conditional classes and lets the caller's class win", () => {
    const hidden = false;
    expect(cn("px-4 text-sm", hidden && "hidden", undefined, ["font-semibold"], { "text-base": true })).toBe(
      "px-4 font-semibold text-base",
    );
  });
});
