// @vitest-environment jsdom
import { render, screen } from "@testing-library/react";
import { expect, it } from "vitest";
import { OptOutPage, OptOutReceivedPage } from "./opt-out-page";

it("is a plain form posting to the server, labelled fields named as the server reads them, none required", () => {
  render(<OptOutPage />);
  const button = screen.getByRole("button", { name: "Stop messages" });
  const form = button.closest("form")!;
  expect(form.getAttribute("method")).toBe("post");
  expect(form.getAttribute("action")).toBe("/api/opt-out");
  const phone = screen.getByLabelText("Mobile number");
  const email = screen.getByLabelText("E-mail address");
  expect([phone.getAttribute("name"), phone.getAttribute("type")]).toEqual(["phone", "tel"]);
  expect([email.getAttribute("name"), email.getAttribute("type")]).toEqual(["email", "email"]);
  // Either may be left empty: the server says when both are.
  expect(phone).not.toBeRequired();
  expect(email).not.toBeRequired();
  expect(screen.getByText(/Text messages stop within 10 business days/)).toBeVisible();
});

it("confirms without saying whether the number or address was known", () => {
  render(<OptOutReceivedPage />);
  expect(screen.getByRole("heading", { level: 1, name: "Your request is in" })).toBeVisible();
  expect(
    screen.getByText("If we have that number or address, we will send it no more marketing messages."),
  ).toBeVisible();
  expect(screen.getByRole("link", { name: "Back to the opt-out form" })).toHaveAttribute("href", "/opt-out");
});
