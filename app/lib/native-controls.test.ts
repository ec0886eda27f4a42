// @vitest-environment jsdom
import { afterEach, beforeEach, expect, test, vi } from "vitest";
import { track } from "./analytics";
import { wireNativeControls } from "./native-controls";

vi.mock("./analytics", () => ({ track: vi.fn() }));

// jsdom lacks popovers, modal dialogs, invoker commands and scroll timelines:
// every control here runs on the page script's fallbacks, as in an old browser.
let unwire: () => void;
beforeEach(() => {
  document.body.innerHTML = `
    <button id="menu-button" popovertarget="menu" aria-expanded="false" aria-label="Open menu"
      data-label-open="Close menu" data-label-closed="Open menu">Menu</button>
    <div id="menu" popover="auto" data-close-on-choice><a href="#about">About</a></div>
    <button id="open" command="show-modal" commandfor="dialog">Book</button>
    <dialog id="dialog" closedby="any" data-track-open="consultation_opened">
      <button id="close" command="close" commandfor="dialog">Close</button>
      <iframe data-src="https://booking.example.test/" data-track-load="booking_loaded" title="Booking"></iframe>
      <span tabindex="0" data-focus-wrap></span>
    </dialog>`;
  unwire = wireNativeControls(document);
});
afterEach(() => {
  unwire();
  vi.mocked(track).mockClear();
});

const byId = (id: string) => document.getElementById(id)!;

test("the menu button opens and closes the menu, saying so, and a choice in the menu closes it", () => {
  byId("menu-button").click();
  expect(byId("menu")).toHaveAttribute("data-open");
  expect(byId("menu-button")).toHaveAttribute("aria-expanded", "true");
  expect(byId("menu-button")).toHaveAttribute("aria-label", "Close menu");

  byId("menu").querySelector("a")!.click();
  expect(byId("menu")).not.toHaveAttribute("data-open");
  expect(byId("menu-button")).toHaveAttribute("aria-expanded", "false");
  expect(byId("menu-button")).toHaveAttribute("aria-label", "Open menu");

  byId("menu-button").click();
  document.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape" }));
  expect(byId("menu")).not.toHaveAttribute("data-open");
});

test("an invoker opens its dialog, loading the frame then and not before, and reports the opening", () => {
  expect(byId("dialog").querySelector("iframe")).not.toHaveAttribute("src");
  byId("open").focus();
  byId("open").click();
  expect(byId("dialog")).toHaveAttribute("open");
  expect(byId("dialog").querySelector("iframe")).toHaveAttribute("src", "https://booking.example.test/");
  expect(track).toHaveBeenCalledWith("consultation_opened");
  expect(byId("close")).toHaveFocus();

  byId("close").click();
  expect(byId("dialog")).not.toHaveAttribute("open");
  expect(byId("open")).toHaveFocus();
});

test("a dialog the browser opened before the page script ran gets its frame when the script runs", () => {
  unwire();
  byId("dialog").setAttribute("open", "");
  expect(byId("dialog").querySelector("iframe")).not.toHaveAttribute("src");
  unwire = wireNativeControls(document);
  expect(byId("dialog").querySelector("iframe")).toHaveAttribute("src", "https://booking.example.test/");
  expect(track).toHaveBeenCalledWith("consultation_opened");
});

test("Escape and a click outside the dialog's box close it; a click inside does not", () => {
  const dialog = byId("dialog");
  dialog.getBoundingClientRect = () => DOMRect.fromRect({ x: 100, y: 100, width: 200, height: 200 });
  byId("open").click();
  dialog.dispatchEvent(new MouseEvent("click", { bubbles: true, clientX: 150, clientY: 150 }));
  expect(dialog).toHaveAttribute("open");
  dialog.dispatchEvent(new MouseEvent("click", { bubbles: true, clientX: 5, clientY: 5 }));
  expect(dialog).not.toHaveAttribute("open");

  byId("open").click();
  document.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape" }));
  expect(dialog).not.toHaveAttribute("open");
});

test("focus past the dialog's last control wraps to its first", () => {
  byId("open").click();
  (byId("dialog").querySelector("[data-focus-wrap]") as HTMLElement).focus();
  expect(byId("close")).toHaveFocus();
});

test("the frame reports that it loaded only once it has an address", () => {
  const frame = byId("dialog").querySelector("iframe")!;
  frame.dispatchEvent(new Event("load"));
  expect(track).not.toHaveBeenCalled();
  byId("open").click();
  frame.dispatchEvent(new Event("load"));
  expect(track).toHaveBeenCalledWith("booking_loaded");
});
