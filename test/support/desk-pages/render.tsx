import { render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { BASENAME, routes } from "../../../desk/routes";

// jsdom has no scrolling; the router restores scroll positions.
window.scrollTo = () => {};

/** The whole desk at one address (a path under /desk), as the browser would route it. */
export function renderDesk(path: string) {
  const router = createMemoryRouter(routes, { basename: BASENAME, initialEntries: [path] });
  const view = render(<RouterProvider router={router} />);
  return { ...view, router };
}

/** The alert (announced at once) that holds this text. */
export async function alertSaying(text: RegExp) {
  const alert = (await screen.findByText(text)).closest('[role="alert"]');
  expect(alert).not.toBeNull();
  return alert as HTMLElement;
}
