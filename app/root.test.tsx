// @vitest-environment jsdom
import { render, screen } from "@testing-library/react";
import type { ComponentProps } from "react";
import { ErrorBoundary } from "./root";

type Props = ComponentProps<typeof ErrorBoundary>;
const renderBoundary = (error: unknown) =>
  render(<ErrorBoundary {...({ error, params: {} } as unknown as Props)} />);

test("a routing error response shows its status and text", () => {
  renderBoundary({ status: 503, statusText: "Service Unavailable", internal: false, data: null });
  expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Unexpected Application Error!");
  expect(screen.getByText("503 Service Unavailable")).toBeInTheDocument();
});

test("a thrown error shows its message and never a stack trace", () => {
  const error = new Error("Could not load the page");
  renderBoundary(error);
  expect(screen.getByText("Could not load the page")).toBeInTheDocument();
  expect(document.body.textContent).not.toContain("at ");
  expect(screen.getByRole("link", { name: "Return to Home" })).toHaveAttribute("href", "/");
});
