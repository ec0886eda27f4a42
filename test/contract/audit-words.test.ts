/**
 * Every action the server writes to the audit log has words: the server's
 * sources are scanned for the actions they record (literals given to
 * auditEntry/auditRead or as `action:`, and the action tables they use).
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { APPLICATION_ACTIONS } from "../../server/desk/application/application-repository";
import { REPEATED_ACTIONS } from "../../server/desk/audit/repeated";
import type { AuditEntry } from "../../desk/common/api/types";
import { APPLICATION, AUDIT_ACTIONS, auditWords, filterWords, STAFF } from "../../desk/audit/audit-words";

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const PATTERNS: [RegExp, RegExp][] = [
  // auditEntry(request, "sign-in", …) and auditRead(request, "applications.listed", …)
  [/\baudit(?:Entry|Read)\(\s*\w+,\s*(["'`])([^"'`]+)\1/g, /^[a-z][a-z-]*(\.[a-z$][\w${}-]*)?$|\$\{/],
  // { action: "invitation.created", … } (a dotted name: not a type such as action: "confirm" | …)
  [/\baction:\s*(["'`])([^"'`]+)\1/g, /^[a-z][a-z-]*\.[a-z$][\w${}-]*$/],
];

/** The actions the server's sources record; templates ("export.${kind}") as they are written. */
function serverActions(): Set<string> {
  const found = new Set<string>([...Object.values(APPLICATION_ACTIONS), ...Object.values(REPEATED_ACTIONS)]);
  for (const file of sources("server")) {
    const text = readFileSync(file, "utf8");
    for (const [pattern, name] of PATTERNS) {
      for (const match of text.matchAll(pattern)) if (name.test(match[2])) found.add(match[2]);
    }
  }
  return found;
}

const entry = (overrides: Partial<AuditEntry>): AuditEntry => ({
  id: "1",
  at: "2024-05-01T14:03:00Z",
  actor: "dana@harborline.test",
  actorName: "Dana Reyes",
  action: "sign-in",
  target: null,
  details: null,
  ip: "127.0.0.1",
  userAgent: null,
  times: null,
  rowsReturned: null,
  lastAt: null,
  application: null,
  staff: null,
  ...overrides,
});

test("every action the server records has words and a filter label", () => {
  const actions = serverActions();
  // The scan finds the actions (a broken pattern would find none and pass).
  expect(actions.size).toBeGreaterThanOrEqual(25);
  for (const action of actions) {
    if (action.includes("${")) {
      // A template ("export.${kind}", "${action}-failed"): some action with words fits it.
      const pattern = new RegExp(`^${action.replace(/\./g, "\\.").replace(/\$\{[^}]+\}/g, "[a-z._-]+")}$`);
      expect(
        Object.keys(AUDIT_ACTIONS).some((key) => pattern.test(key)),
        action,
      ).toBe(true);
    } else {
      expect(AUDIT_ACTIONS[action], action).toBeDefined();
    }
  }
  for (const kind of ["applications", "consents", "newsletter", "audit"]) {
    expect(AUDIT_ACTIONS[`export.${kind}`], kind).toBeDefined();
  }
});

test("an entry reads as a sentence about its application or staff member", () => {
  expect(
    auditWords(
      entry({
        action: "application.redelivered",
        details: { reason: "CRM was down", from: "dead" },
      }),
    ),
  ).toEqual(["redelivered application ", APPLICATION, " to the CRM: reason “CRM was down”"]);
  expect(
    auditWords(entry({ action: "staff.role-changed", details: { from: "staff", to: "admin" } })),
  ).toEqual(["changed the role of ", STAFF, " from staff to admin"]);
  expect(
    auditWords(
      entry({
        action: "applications.listed",
        details: { filter: { q: "smith", state: "dead" }, pageSize: 25 },
        times: 3,
        rowsReturned: 75,
        lastAt: null,
      }),
    ),
  ).toEqual(["listed 75 applications matching “smith”, in state “Delivery failed” (3 pages of up to 25)"]);
  expect(auditWords(entry({ action: "mail.viewed", details: { status: null, rows: 4 } }))).toEqual([
    "viewed the e-mail queue, 4 e-mails shown",
  ]);
  expect(
    auditWords(
      entry({ action: "access.denied", details: { method: "GET", route: "/api/desk/audit" }, times: 21 }),
    ),
  ).toEqual(["was refused GET /api/desk/audit, which is for admins only (21 times)"]);
  expect(auditWords(entry({ action: "something.new" }))).toEqual(["did “something.new”"]);
  expect(filterWords({})).toBe("");
  expect(filterWords({ q: "", to: "2024-05-02" })).toBe(" received until 2024-05-02");
});
