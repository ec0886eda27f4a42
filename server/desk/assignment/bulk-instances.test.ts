/**
 * Nobody's leads are given out exactly once however the requests race: 200
 * duty switches and bulk claims sent all at once, split between two app
 * instances sharing one PostgreSQL (each with its own pool, as two servers
 * would have; on PGlite one instance takes them all). Afterwards every
 * application has one owner, one assignment on its timeline and one
 * application.assigned audit row.
 */
import { describe, expect, it } from "vitest";
import type { App } from "../../app";
import type { Store } from "../../store/store";
import { signedInStaff } from "../../../test/support/desk";
import { submit } from "../../../test/support/desk-applications";
import { goOnDuty, send } from "../../../test/support/assignment";
import { useTestApp, useTwoInstances } from "../../../test/support/server";

const ENV = { RATE_LIMIT_MAX: "100000" };
const LEADS = 60;
const REQUESTS = 200;
/** 200 requests and their assignments take seconds on a quiet 2-core machine, longer on a busy one. */
const RACE_TIMEOUT_MS = 120_000;
/** Applications per bulk claim. */
const CHUNK = 6;

async function race(apps: [App, App], store: Store) {
  const [first] = apps;
  const admin = await signedInStaff(first, { role: "admin" });
  const reps: Awaited<ReturnType<typeof signedInStaff>>[] = [];
  for (let i = 0; i < 4; i++) reps.push(await signedInStaff(first, { role: "staff" }));
  const ids: string[] = [];
  for (let i = 0; i < LEADS; i++) ids.push(await submit(first));
  const { rows: waiting } = await store.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM applications WHERE owner_id IS NULL AND id = ANY($1::uuid[])",
    [ids],
  );
  expect(Number(waiting[0].n)).toBe(LEADS);

  const requests = Array.from({ length: REQUESTS }, (_, i) => {
    const app = apps[i % 2];
    const rep = reps[i % reps.length];
    if (i % 3 === 0) {
      // A bulk claim of a chunk, as an inbox showing them unassigned would send it.
      const chunk = ids.slice((i * CHUNK) % LEADS, ((i * CHUNK) % LEADS) + CHUNK);
      const claimer = i % 2 ? admin : rep;
      return send(app, "POST", "/api/desk/applications/bulk", claimer.cookie, {
        action: "claim",
        items: chunk.map((id) => ({ id, ownerId: null, workStatus: "new" })),
      });
    }
    return send(app, "PATCH", "/api/desk/me/duty", rep.cookie, { onDuty: i % 5 !== 1 });
  });
  const responses = await Promise.all(requests);
  expect(responses.map((response) => response.statusCode)).toEqual(responses.map(() => 200));
  // Whatever the last switch said, someone comes on duty: nothing is left waiting.
  await goOnDuty(first, reps[0].cookie);

  const { rows } = await store.query<{ owner_id: string | null; assignments: number; audits: number }>(
    `SELECT a.owner_id,
            (SELECT count(*)::int FROM application_activities v
              WHERE v.application_id = a.id AND v.kind = 'assignment') AS assignments,
            (SELECT count(*)::int FROM desk_audit_log l
              WHERE l.target = a.id::text AND l.action = 'application.assigned') AS audits
       FROM applications a WHERE a.id = ANY($1::uuid[])`,
    [ids],
  );
  expect(rows).toHaveLength(LEADS);
  for (const row of rows) {
    expect(row.owner_id).not.toBeNull();
    expect([Number(row.assignments), Number(row.audits)]).toEqual([1, 1]);
  }
}

describe("nobody's leads across two instances on one PostgreSQL", () => {
  const ctx = useTwoInstances({ env: ENV });

  it(
    `${REQUESTS} duty switches and bulk claims at once give each waiting application out exactly once`,
    async () => {
      await race([ctx.first, ctx.second], ctx.first.store);
    },
    RACE_TIMEOUT_MS,
  );
});

describe("nobody's leads on PGlite", () => {
  const ctx = useTestApp("pglite", { env: ENV, resetEach: false });

  it(
    `${REQUESTS} duty switches and bulk claims at once give each waiting application out exactly once`,
    async () => {
      await race([ctx.app, ctx.app], ctx.db.store);
    },
    RACE_TIMEOUT_MS,
  );
});
