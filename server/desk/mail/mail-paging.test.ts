/**
 * The desk's mail list past a hundred e-mails, on both engines: following
 * "Load more" (the next cursor) reaches every e-mail once, newest first,
 * whatever the number of digits in their ids.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { signedInStaff } from "../../../test/support/desk";
import { ENGINES, useTestApp } from "../../../test/support/server";

const TOTAL = 130;

describe.each(ENGINES)("desk mail list paging on %s", (engine) => {
  const ctx = useTestApp(engine, { resetEach: false });
  let cookie: string;
  let ids: string[];

  beforeAll(async () => {
    ({ cookie } = await signedInStaff(ctx.app));
    await ctx.db.store.query(
      `INSERT INTO mail_outbox (kind, message_id, from_address, to_address, subject, html, text, status)
       SELECT 'staff-alert', '<paging-' || n || '@localhost>', 'desk@harborline.test', 'ops@harborline.test',
              'Alert ' || n, '<p>x</p>', 'x', 'sent'
         FROM generate_series(1, ${TOTAL}) AS n`,
    );
    const { rows } = await ctx.db.store.query<{ id: string }>(
      "SELECT id::text AS id FROM mail_outbox ORDER BY mail_outbox.id DESC",
    );
    ids = rows.map((row) => row.id);
  });

  const page = async (query: string) => {
    const response = await ctx.app.inject({
      method: "GET",
      url: `/api/desk/mail${query}`,
      headers: { cookie },
    });
    expect(response.statusCode).toBe(200);
    return response.json() as {
      items: { id: string }[];
      nextCursor: string | null;
      counts: { sent: number };
    };
  };

  it.each([50, 30])("reaches every e-mail once, newest first, %i at a time", async (limit) => {
    expect(ids).toHaveLength(TOTAL);
    // Ids of two and of three digits: text order would put "99" before "130".
    expect(ids.some((id) => id.length === 2) && ids.some((id) => id.length === 3)).toBe(true);
    const seen: string[] = [];
    let body = await page(`?limit=${limit}`);
    expect(body.counts.sent).toBe(TOTAL);
    seen.push(...body.items.map((item) => item.id));
    while (body.nextCursor) {
      body = await page(`?limit=${limit}&cursor=${body.nextCursor}`);
      seen.push(...body.items.map((item) => item.id));
    }
    expect(seen).toEqual(ids);
  });
});
