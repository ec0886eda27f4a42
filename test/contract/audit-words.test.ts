/**
 * The audit log's action names, as the server writes them and the desk reads
 * them. The names are one list (#domain/audit/actions): the server's
 * audit record takes only those, and the desk's words are a Record over
 * them, so both sides are held by the type checker. These tests hold what
 * the types cannot: the server's sources, scanned for the actions they
 * record (literals given to auditRecord/auditRead or as `action:`, the action
 * tables and `exportAction(kind)`), record nothing outside the list and leave no
 * name in it unused; and every name reads as a sentence.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import {
  APPLICATION_ACTIONS,
  AUDIT_ACTIONS,
  EXPORT_KINDS,
  exportAction,
  REPEATED_ACTIONS,
} from "#domain/audit/actions";
import type { AuditItem } from "#domain/desk/contract";
import { APPLICATION, AUDIT_WORDS, auditWords, filterWords, STAFF } from "../../desk/audit/audit-words";

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const PATTERNS: [RegExp, RegExp][] = [
  // auditRecord(request, "sign-in.succeeded", …) and auditRead(request, "applications.listed", …)
  [/\baudit(?:Record|Read)\(\s*\w+,\s*(["'`])([^"'`]+)\1/g, /^[a-z][a-z-]*(\.[a-z$][\w${}-]*)?$|\$\{/],
  // { action: "invitation.created", … } (a dotted name: not a type such as action: "confirm" | …)
  [/\baction:\s*(["'`])([^"'`]+)\1/g, /^[a-z][a-z-]*\.[a-z$][\w${}-]*$/],
];

const TABLES = { APPLICATION_ACTIONS, REPEATED_ACTIONS } as const;

/** Every quoted string in the server's sources (an action may be passed through a variable). */
const QUOTED = /(["'`])([^"'`\n]+)\1/g;

/** The actions the server's sources record (every export's, where `exportAction(kind)` is recorded). */
function serverActions(): { recorded: Set<string>; mentioned: Set<string> } {
  const found = new Set<string>();
  const mentioned = new Set<string>();
  for (const file of sources("server")) {
    const text = readFileSync(file, "utf8");
    for (const match of text.matchAll(QUOTED)) mentioned.add(match[2]);
    for (const [pattern, name] of PATTERNS) {
      for (const match of text.matchAll(pattern)) if (name.test(match[2])) found.add(match[2]);
    }
    if (/\bauditRecord\(\s*\w+,\s*exportAction\(/.test(text)) {
      for (const kind of EXPORT_KINDS) found.add(exportAction(kind));
    }
    // APPLICATION_ACTIONS.released, REPEATED_ACTIONS.deadListed …
    for (const [table, actions] of Object.entries(TABLES)) {
      for (const [key, action] of Object.entries(actions)) {
        if (new RegExp(`\\b${table}\\.${key}\\b`).test(text)) found.add(action);
      }
    }
  }
  return { recorded: found, mentioned };
}

test("the server records only the listed actions, and every listed action somewhere", () => {
  const { recorded, mentioned } = serverActions();
  // The scan finds the actions (a broken pattern would find none and pass).
  expect(recorded.size).toBeGreaterThanOrEqual(25);
  const listed = new Set<string>(AUDIT_ACTIONS);
  for (const action of recorded) {
    expect(listed.has(action), `${action} is recorded but not in AUDIT_ACTIONS`).toBe(true);
  }
  for (const action of EXPORT_KINDS.map(exportAction)) expect(recorded.has(action), action).toBe(true);
  for (const action of AUDIT_ACTIONS) {
    expect(
      recorded.has(action) || mentioned.has(action),
      `${action} is listed but the server never records it`,
    ).toBe(true);
  }
});

test("every listed action has a filter label and reads as a sentence", () => {
  for (const action of AUDIT_ACTIONS) {
    expect(AUDIT_WORDS[action]?.label, action).toMatch(/^[A-Z]/);
    expect(auditWords(entry({ action })).join("").length, action).toBeGreaterThan(3);
  }
});

const entry = (overrides: Partial<AuditItem>): AuditItem => ({
  id: "1",
  at: "2024-05-01T14:03:00Z",
  actor: "dana@harborline.test",
  actorId: "user-1",
  actorName: "Dana Reyes",
  action: "sign-in.succeeded",
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
  expect(
    auditWords(
      entry({
        action: "claim.owner-alerted",
        target: "capital-deployed",
        details: {
          event: "stopped-holding",
          figure: "amount-funded",
          value: 312_000_000,
          n: 14,
          summary: "$312M funded (all our records, 14 funded reports)",
          snapshotId: "7",
          to: "mara@harborline.test",
        },
      }),
    ),
  ).toEqual([
    "e-mailed the owner (mara@harborline.test): our records no longer back the claim, now $312M funded (all our records, 14 funded reports) on claim capital-deployed",
  ]);
  expect(auditWords(entry({ action: "mail.viewed", details: { status: null, rows: 4 } }))).toEqual([
    "viewed the e-mail queue, 4 e-mails shown",
  ]);
  expect(
    auditWords(
      entry({ action: "access.denied", details: { method: "GET", route: "/api/desk/audit" }, times: 21 }),
    ),
  ).toEqual(["was refused GET /api/desk/audit, which is for admins only (21 times)"]);
  expect(
    auditWords(
      entry({ action: "retention.purged", details: { kind: "applications", count: 12, retentionDays: 730 } }),
    ),
  ).toEqual(["deleted 12 applications that never went further past the 730-day retention"]);
  expect(
    auditWords(
      entry({ action: "retention.purged", details: { kind: "audit", count: 1, retentionDays: 730 } }),
    ),
  ).toEqual(["deleted 1 audit log entry past the 730-day retention"]);
  expect(
    auditWords(
      entry({ action: "legal-hold.set", details: { scope: "email", email: "a@b.test", reason: "Subpoena" } }),
    ),
  ).toEqual(["put every record of a@b.test on legal hold", ": reason “Subpoena”"]);
  expect(auditWords(entry({ action: "something.new" }))).toEqual(["did “something.new”"]);
  expect(filterWords({})).toBe("");
  expect(filterWords({ q: "", to: "2024-05-02" })).toBe(" received until 2024-05-02");
});
