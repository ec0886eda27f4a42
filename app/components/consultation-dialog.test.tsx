// @vitest-environment jsdom
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { siteFacts } from "#domain/site-facts";
import { wireNativeControls } from "~/lib/native-controls";
import { ConsultationDialog } from "./consultation-dialog";

// jsdom has neither popovers nor modal dialogs: the page's fallbacks
// (app/lib/native-controls.ts) open and close the dialog, as in an old browser.
let unwire: () => void;
beforeEach(() => {
  unwire = wireNativeControls(document);
});
afterEach(() => unwire());

async function open(bookingUrl: string) {
  const user = userEvent.setup();
  render(<ConsultationDialog bookingUrl={bookingUrl} trigger={<button>Schedule Consultation</button>} />);
  const trigger = screen.getByRole("button", { name: "Schedule Consultation" });
  expect(trigger).toHaveAttribute("aria-haspopup", "dialog");
  await user.click(trigger);
  return { user, trigger, dialog: await screen.findByRole("dialog", { name: "Schedule Your Consultation" }) };
}

test("embeds the booking widget 700 px high in a 4xl, 90vh dialog, loading it only on open", async () => {
  render(
    <ConsultationDialog
      bookingUrl="https://booking.example.test/widget"
      trigger={<button>Before opening</button>}
    />,
  );
  // In the page's HTML from the start, but the booking page waits for the dialog.
  const closed = document.querySelector("dialog")!;
  expect(closed).not.toHaveAttribute("open");
  expect(closed.querySelector("iframe")).not.toHaveAttribute("src");

  const { dialog } = await open("https://booking.example.test/widget");
  const frame = dialog.querySelector("iframe");
  expect(frame).toHaveAttribute("src", "https://booking.example.test/widget");
  expect(frame).toHaveClass("h-[700px]");
  expect(dialog).toHaveClass("max-w-4xl", "max-h-[90vh]");
  expect(dialog).toHaveAccessibleDescription(/free 30-minute call/);
});

test("closes with its button and with Escape, focus back on the trigger", async () => {
  const { user, trigger, dialog } = await open("https://booking.example.test/widget");
  await user.click(screen.getByRole("button", { name: "Close consultation dialog" }));
  expect(dialog).not.toHaveAttribute("open");
  expect(trigger).toHaveFocus();

  await user.click(trigger);
  expect(dialog).toHaveAttribute("open");
  await user.keyboard("{Escape}");
  expect(dialog).not.toHaveAttribute("open");
  expect(trigger).toHaveFocus();
});

test("offers phone and e-mail instead of a broken frame when no booking URL is set", async () => {
  const { dialog } = await open("");
  expect(dialog.querySelector("iframe")).toBeNull();
  expect(screen.getByRole("link", { name: `Call ${siteFacts.phone.display}` })).toHaveAttribute(
    "href",
    `tel:${siteFacts.phone.e164}`,
  );
  expect(screen.getByRole("link", { name: `Email ${siteFacts.email}` }).getAttribute("href")).toContain(
    `mailto:${siteFacts.email}`,
  );
});
