// @vitest-environment jsdom
import { afterEach, beforeEach, expect, test, vi } from "vitest";
import { track } from "./analytics";
import { wireNativeControls } from "./native-controls";

vi.mock("./analytics", () => ({ track: vi.fn() }));

// jsdom lacks popovers, modal dialogs and scroll timelines: every control here
// runs on the page script's fallbacks, as in an old browser. Animation frames
// are the test's: `paint()` runs them as the browser would paint a frame.
let unwire: () => void;
let frames: FrameRequestCallback[];
beforeEach(() => {
  document.body.innerHTML = `
    <header id="header">
      <button id="menu-button" popovertarget="menu" aria-expanded="false" aria-label="Open menu"
        data-label-open="Close menu" data-label-closed="Open menu">Menu</button>
      <div id="menu" popover="auto" data-close-on-choice><a href="#about">About</a></div>
    </header>
    <main id="main">
      <section id="cta">
        <h2 id="heading">Talk to us</h2>
        <button id="open" popovertarget="dialog" popovertargetaction="show">Book</button>
        <dialog id="dialog" popover="auto" aria-modal="true" data-track-open="consultation_opened">
          <button id="close" popovertarget="dialog" popovertargetaction="hide">Close</button>
          <iframe data-src="https://booking.example.test/" data-track-load="booking_loaded" title="Booking"></iframe>
          <span tabindex="0" data-focus-wrap></span>
        </dialog>
      </section>
      <section id="other" inert></section>
    </main>
    <footer id="footer"></footer>`;
  frames = [];
  vi.spyOn(window, "requestAnimationFrame").mockImplementation((callback) => frames.push(callback));
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
  unwire = wireNativeControls(document);
});
afterEach(() => {
  unwire();
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.mocked(track).mockClear();
});

/** The browser paints a frame (its animation frame callbacks), then runs what waited for it. */
function paint() {
  for (const frame of frames.splice(0)) frame(0);
  vi.runOnlyPendingTimers();
}

const inertIds = () => [...document.querySelectorAll("[inert]")].map((element) => element.id);

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

test("the page behind an open dialog is held once the dialog has painted, and given back before focus returns", () => {
  byId("open").focus();
  byId("open").click();
  // The tap's own frame shows the dialog's first screen: nothing else changes in it.
  expect(byId("dialog")).toHaveAttribute("data-opening");
  expect(inertIds()).toEqual(["other"]);
  expect(document.documentElement).not.toHaveAttribute("data-dialog-open");

  paint();
  expect(byId("dialog")).not.toHaveAttribute("data-opening");
  // Everything outside the dialog, at every level up to the body; what was inert stays so.
  expect(inertIds().sort()).toEqual(["footer", "header", "heading", "open", "other"]);
  expect(document.documentElement).toHaveAttribute("data-dialog-open");
  expect(byId("dialog")).not.toHaveAttribute("inert");

  byId("close").click();
  expect(inertIds()).toEqual(["other"]);
  expect(document.documentElement).not.toHaveAttribute("data-dialog-open");
  expect(byId("open")).toHaveFocus();
});

test("a dialog closed before its first frame painted never holds the page", () => {
  byId("open").click();
  byId("close").click();
  paint();
  expect(inertIds()).toEqual(["other"]);
  expect(document.documentElement).not.toHaveAttribute("data-dialog-open");
});

test("a dialog taken out of the page while open gives the page back", async () => {
  byId("open").click();
  paint();
  expect(inertIds()).toContain("header");
  byId("dialog").remove();
  await Promise.resolve(); // the mutation observer's microtask
  expect(inertIds()).toEqual(["other"]);
  expect(document.documentElement).not.toHaveAttribute("data-dialog-open");
});

test("a dialog the browser opened before the page script ran gets its frame when the script runs", () => {
  unwire();
  byId("dialog").setAttribute("open", "");
  expect(byId("dialog").querySelector("iframe")).not.toHaveAttribute("src");
  unwire = wireNativeControls(document);
  expect(byId("dialog").querySelector("iframe")).toHaveAttribute("src", "https://booking.example.test/");
  expect(track).toHaveBeenCalledWith("consultation_opened");
  // It was painted long ago: the page behind is held at once, and nothing of it stops rendering.
  expect(inertIds()).toContain("header");
  expect(byId("dialog")).not.toHaveAttribute("data-opening");
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
