import { expect, test } from "vitest";
import { AUDIT_ACTIONS, EXPORT_KINDS, exportAction } from "./actions";

test("every audit action is named <subject>.<what happened>: lowercase words joined by hyphens around one dot", () => {
  for (const action of AUDIT_ACTIONS) expect(action).toMatch(/^[a-z]+(-[a-z]+)*\.[a-z]+(-[a-z]+)*$/);
  expect(new Set(AUDIT_ACTIONS).size).toBe(AUDIT_ACTIONS.length);
});

test("each export is audited as <kind>.exported", () => {
  expect(EXPORT_KINDS.map(exportAction)).toEqual([
    "applications.exported",
    "consents.exported",
    "newsletter.exported",
    "audit.exported",
  ]);
});
