/** A wall-clock time typed into a desk form, read in the provider's zone. */
import { expect, it } from "vitest";
import { zonedInstant } from "./zoned-day";

const NEW_YORK = "America/New_York";
const at = (local: string, zone = NEW_YORK) => zonedInstant(local, zone).toISOString();

it("reads a wall-clock time in the zone, in winter and in summer", () => {
  expect(at("2026-11-24T10:30")).toBe("2026-11-24T15:30:00.000Z");
  expect(at("2026-07-01T10:30:15")).toBe("2026-07-01T14:30:15.000Z");
  expect(at("2026-11-24T10:30", "Asia/Tokyo")).toBe("2026-11-24T01:30:00.000Z");
  expect(at("2026-11-24T10:30", "UTC")).toBe("2026-11-24T10:30:00.000Z");
});

it("knows the nights the clocks change: either side, a repeated hour's first, a skipped hour", () => {
  expect(at("2026-03-08T01:30")).toBe("2026-03-08T06:30:00.000Z"); // EST
  expect(at("2026-03-08T03:30")).toBe("2026-03-08T07:30:00.000Z"); // EDT
  expect(at("2026-03-08T02:30")).toBe("2026-03-08T06:30:00.000Z"); // skipped: read as EDT
  expect(at("2026-11-01T01:30")).toBe("2026-11-01T05:30:00.000Z"); // the first 01:30, EDT
  expect(at("2026-11-01T03:30")).toBe("2026-11-01T08:30:00.000Z"); // EST
});
