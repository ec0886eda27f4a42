// @vitest-environment jsdom
import { render, screen } from "@testing-library/react";
import { createRef } from "react";
import { siteFacts } from "#domain/site-facts";
import ConsultationDialogContent from "./consultation-dialog-content";

const renderOpen = (bookingUrl: string) =>
  render(
    <ConsultationDialogContent
      open
      onOpenChange={() => {}}
      returnFocusTo={createRef<HTMLElement>()}
      bookingUrl={bookingUrl}
    />,
  );

test("embeds the booking widget 700 px high in a 4xl, 90vh dialog", async () => {
  renderOpen("https://booking.example.test/widget");
  const dialog = await screen.findByRole("dialog", { name: "Schedule Your Consultation" });
  const frame = dialog.querySelector("iframe");
  expect(frame).toHaveAttribute("src", "https://booking.example.test/widget");
  expect(frame).toHaveClass("h-[700px]");
  expect(dialog).toHaveClass("max-w-4xl", "max-h-[90vh]");
});

test("offers phone and e-mail instead of a broken frame when no booking URL is set", async () => {
  renderOpen("");
  const dialog = await screen.findByRole("dialog", { name: "Schedule Your Consultation" });
  expect(dialog.querySelector("iframe")).toBeNull();
  expect(screen.getByRole("link", { name: `Call ${siteFacts.phone.display}` })).toHaveAttribute(
    "href",
    `tel:${siteFacts.phone.e164}`,
  );
  expect(screen.getByRole("link", { name: `Email ${siteFacts.email}` }).getAttribute("href")).toContain(
    `mailto:${siteFacts.email}`,
  );
});
