/**
 * Test support for the website's component tests (imported by tests only):
 * renders part of a page the way a route does, inside a router (links and
 * section links need one) and with the content icons that the pages'
 * build-time loaders provide.
 */
import { render } from "@testing-library/react";
import type * as React from "react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { onTestFinished } from "vitest";
import { wireNativeControls } from "~/lib/native-controls";
import { ContentIconProvider } from "~/components/content-icon";
import { contentIcons } from "~/content/content-icons.server";
import { contentIconNames } from "~/content/icons";

const icons = await contentIcons(contentIconNames);

/**
 * Wires the page script's controls (dialog invokers, the menu) for this test, as
 * every page has them. jsdom has neither modal dialogs nor invoker commands, so
 * the script's fallbacks do the opening and closing, as in an old browser.
 */
export function withPageScript() {
  onTestFinished(wireNativeControls(document));
}

/** Renders `element` as the page at `url` ("/" unless given), with the page script's controls. */
export function renderPage(element: React.ReactNode, url = "/") {
  withPageScript();
  const router = createMemoryRouter(
    [{ path: "*", element: <ContentIconProvider icons={icons}>{element}</ContentIconProvider> }],
    { initialEntries: [url] },
  );
  return render(<RouterProvider router={router} />);
}

/**
 * A getByText matcher for words that may run across elements, as a sentence
 * with its claims in their own elements does (app/components/claim-text.tsx):
 * the innermost element whose whole text is `words` (spaces normalized).
 */
export function shownText(words: string) {
  const normalize = (text: string | null) => (text ?? "").replace(/\s+/g, " ").trim();
  return (_content: string, element: Element | null) =>
    element !== null &&
    normalize(element.textContent) === words &&
    [...element.children].every((child) => normalize(child.textContent) !== words);
}
