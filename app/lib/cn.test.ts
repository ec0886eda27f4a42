import { twMerge } from "tailwind-merge";
import { describe, expect, it } from "vitest";
import { cn } from "./cn";

// cn stands in for tailwind-merge in the browser bundle; for the overrides
// this code base uses it must give exactly tailwind-merge's answer.
const cases = [
  // Primitive defaults overridden by callers (Button lg, Card gap, Input on ink, Dialog widths).
  "inline-flex rounded-lg text-sm font-semibold bg-primary text-primary-foreground h-12 px-7 text-base",
  "inline-flex text-sm h-11 px-5 hidden md:inline-flex",
  "flex flex-col gap-4 rounded-2xl border border-border bg-card p-6 text-card-foreground shadow-card group h-full gap-5 pb-3 hover:shadow-lift",
  "w-full rounded-lg border border-input bg-card px-3.5 text-base text-foreground placeholder:text-muted-foreground md:text-sm h-11 border-white/20 bg-white/5 text-white placeholder:text-ink-muted sm:max-w-sm",
  "fixed top-1/2 left-1/2 z-50 flex max-h-[90vh] w-[calc(100%-1.5rem)] max-w-lg -translate-x-1/2 gap-4 p-6 max-w-4xl gap-6 p-0",
  "pb-5 leading-relaxed text-muted-foreground text-base",
  "text-sm leading-none font-medium text-foreground select-none leading-snug",
  "relative z-50 min-w-32 overflow-hidden w-full min-w-(--radix-select-trigger-width)",
  "text-sm text-destructive -mt-1 mt-0",
  "rounded-full border text-[0.7rem] font-semibold border-primary bg-accent text-accent-foreground",
  // The group rules themselves.
  "p-4 px-2",
  "px-2 p-4",
  "py-1 pt-3",
  "m-2 mx-auto",
  "mx-auto m-2",
  "gap-2 gap-x-4",
  "gap-x-4 gap-2",
  "size-4 w-5",
  "w-5 size-4",
  "text-sm text-[0.7rem]",
  "text-[0.7rem] text-sm",
  "text-[#fff] text-sm",
  "text-left text-center text-primary",
  "text-pretty text-balance",
  "font-semibold font-bold",
  "leading-relaxed text-base",
  "text-base leading-relaxed",
  "hover:bg-muted hover:bg-card bg-primary",
  "bg-card md:bg-muted",
  "border border-2 border-input border-white/20 border-l",
  "shadow-sm shadow-md",
  "rounded-lg rounded-2xl",
  "flex hidden md:flex md:grid",
  "static relative absolute",
  "items-center items-start justify-between justify-center",
  "col-span-2 col-span-1 grid-cols-2 grid-cols-3",
  "z-10 z-50 opacity-50 opacity-100",
  "overflow-hidden overflow-auto",
  "inset-0 top-2",
  "top-2 inset-0",
  "top-0 top-3 -left-1 left-2",
  "min-h-10 min-h-12 max-h-4 max-h-8 h-4 h-6",
  "tracking-tight tracking-wide",
  "[&_svg]:size-4 [&_svg]:size-5",
  "focus-visible:outline-3 focus-visible:outline-ring",
];

describe("cn", () => {
  it.each(cases)("merges %s as tailwind-merge does", (classes) => {
    expect(cn(classes)).toBe(twMerge(classes));
  });

  it("joins conditional classes and lets the caller's class win", () => {
    const hidden = false;
    expect(cn("px-4 text-sm", hidden && "hidden", undefined, ["font-semibold"], { "text-base": true })).toBe(
      "px-4 font-semibold text-base",
    );
  });
});
