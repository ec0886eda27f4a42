/**
 * The desk's inbox as staff use it, on both engines: newest first, search,
 * filters, totals, keyset pages (no row twice, none missing), and what an
 * unsigned visitor or a bad query gets.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { signedInStaff } from "../../../test/support/desk";
import {
  deliveryHistory,
  deskClient,
  lastTouch,
  placeAt,
  submit,
} from "../../../test/support/desk-applications";
import { ENGINES, useTestApp } from "../../../test/support/server";

type Page = { items: { id: string; companyName: string }[]; total: number; nextCursor: string | null };

describe.each(ENGINES)("desk inbox on %s", (engine) => {
  const ctx = useTestApp(engine, { resetEach: false });
  let cookie: string | undefined;
  const client = deskClient(
    () => ctx.app,
    () => cookie,
  );
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    cookie = (await signedInStaff(ctx.app, { role: "staff" })).cookie;
    const seed: [string, Record<string, unknown>, string][] = [
      [
        "alpha",
        {
          companyName: "Alpha Freight",
          email: "ops@alpha.example",
          phone: "+1 (212) 555-0101",
          fundingType: "sba-loan",
          ...lastTouch("google", "spring"),
        },
        "2024-03-01T09:00:00Z",
      ],
      [
        "beta",
        {
          companyName: "Beta Bakery",
          firstName: "Grace",
          lastName: "Hopper",
          phone: "646.555.0102",
          ...lastTouch("facebook", "spring"),
        },
        "2024-03-02T09:00:00Z",
      ],
      [
        "gamma",
        {
          companyName: "Gamma Robotics",
          email: "Grace@Gamma.example",
          phone: "2125550103",
          ...lastTouch("google", "summer"),
        },
        "2024-03-03T23:59:59Z",
      ],
      ["delta", { companyName: "Delta 100% Dairy", phone: "+1 917 555 0104" }, "2024-03-04T00:00:00Z"],
      [
        "spam",
        { companyName: "Spam Robotics", companyWebsite: "http://spam.example" },
        "2024-03-05T09:00:00Z",
      ],
      // Two at the very same instant: the id breaks the tie.
      ["twinA", { companyName: "Twin One" }, "2024-03-06T09:00:00Z"],
      ["twinB", { companyName: "Twin Two" }, "2024-03-06T09:00:00Z"],
    ];
    for (const [key, overrides, at] of seed) {
      ids[key] = await submit(ctx.app, overrides);
      await placeAt(ctx.db.store, ids[key], at);
    }
    await deliveryHistory(ctx.db.store, ids.beta, "dead", [
      { at: "2024-03-02T09:00:01Z", status: 422, error: "HTTP 422", outcome: "dead" },
    ]);
    await deliveryHistory(ctx.db.store, ids.alpha, "delivered", [
      { at: "2024-03-01T09:00:01Z", status: 200, outcome: "delivered" },
    ]);
  });

  const list = async (query = ""): Promise<Page> => {
    const response = await client.get(`/api/desk/applications${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const names = (page: Page) => page.items.map((item) => item.companyName);

  it("lists every application newest first, with its state, delivery and last touch", async () => {
    const page = await list();
    expect(page.total).toBe(7);
    expect(names(page).slice(0, 2).sort()).toEqual(["Twin One", "Twin Two"]);
    expect(names(page).slice(2)).toEqual([
      "Spam Robotics",
      "Delta 100% Dairy",
      "Gamma Robotics",
      "Beta Bakery",
      "Alpha Freight",
    ]);
    const alpha = page.items.find((item) => item.id === ids.alpha);
    expect(alpha).toEqual({
      id: ids.alpha,
      createdAt: "2024-03-01T09:00:00.000Z",
      companyName: "Alpha Freight",
      firstName: "Ada",
      lastName: "Lovelace",
      email: "ops@alpha.example",
      phone: "+1 (212) 555-0101",
      fundingType: "sba-loan",
      fundingAmount: "250000",
      state: "received",
      quarantineReason: null,
      delivery: "delivered",
      deliveryAttempts: 1,
      source: "google",
      campaign: "spring",
      // Nobody was on duty, nobody has touched or opened it; due a day after it was submitted.
      owner: null,
      workStatus: "new",
      closeReason: null,
      fundedAmount: null,
      reviewDueAt: expect.any(String),
      firstTouchedAt: null,
      followUpAt: null,
      bookedCallAt: null,
      unread: true,
      // The applicant has not opened the document room yet.
      documents: "none",
    });
    expect(page.items.find((item) => item.id === ids.spam)).toMatchObject({
      state: "quarantined",
      quarantineReason: "honeypot",
      delivery: null,
      deliveryAttempts: 0,
    });
    // Never tried yet: waiting for its first attempt, not retrying.
    expect(page.items.find((item) => item.id === ids.gamma)).toMatchObject({
      delivery: "pending",
      deliveryAttempts: 0,
    });
  });

  it("searches company, names and e-mail in any case, and phone numbers by their digits", async () => {
    expect(names(await list("?q=robot"))).toEqual(["Spam Robotics", "Gamma Robotics"]);
    expect(names(await list("?q=GRACE"))).toEqual(["Gamma Robotics", "Beta Bakery"]);
    expect(names(await list("?q=hopper"))).toEqual(["Beta Bakery"]);
    expect(names(await list("?q=ops%40alpha"))).toEqual(["Alpha Freight"]);
    // Formatting is ignored on both sides.
    expect(names(await list("?q=212-555-0101"))).toEqual(["Alpha Freight"]);
    expect(names(await list(`?q=${encodeURIComponent("(646) 555")}`))).toEqual(["Beta Bakery"]);
    // % and _ are letters here, not wildcards.
    expect(names(await list("?q=100%25"))).toEqual(["Delta 100% Dairy"]);
    expect((await list("?q=_")).total).toBe(0);
    // A value pasted from a spreadsheet cell, with its tab or line break, is still a search.
    expect(names(await list("?q=hopper%09"))).toEqual(["Beta Bakery"]);
    expect(names(await list("?q=%0D%0Aops%40alpha"))).toEqual(["Alpha Freight"]);
    const none = await list("?q=nobody-at-all");
    expect(none).toEqual({ items: [], total: 0, nextCursor: null });
  });

  it("filters by state, funding type, the provider's days (New York by default) and the last touch", async () => {
    expect(names(await list("?state=quarantined"))).toEqual(["Spam Robotics"]);
    expect((await list("?state=received")).total).toBe(6);
    expect(names(await list("?state=dead"))).toEqual(["Beta Bakery"]);
    expect(names(await list("?state=delivered"))).toEqual(["Alpha Freight"]);
    expect((await list("?state=pending")).total).toBe(4);
    expect(names(await list("?fundingType=sba-loan"))).toEqual(["Alpha Freight"]);
    // Both ends inclusive, in New York: midnight UTC on the 4th is 19:00 on the 3rd there.
    expect(names(await list("?from=2024-03-02&to=2024-03-03"))).toEqual([
      "Delta 100% Dairy",
      "Gamma Robotics",
      "Beta Bakery",
    ]);
    expect(names(await list("?from=2024-03-04&to=2024-03-04"))).toEqual([]);
    expect(names(await list("?from=2024-03-05&to=2024-03-05"))).toEqual(["Spam Robotics"]);
    expect(names(await list("?source=google"))).toEqual(["Gamma Robotics", "Alpha Freight"]);
    expect(names(await list("?source=google&campaign=spring"))).toEqual(["Alpha Freight"]);
    const combined = await list("?q=a&state=received&campaign=spring&limit=1");
    expect(combined.total).toBe(2);
    expect(combined.items).toHaveLength(1);
    // Empty parameters (an untouched form field) mean "any".
    expect((await list("?q=&state=&fundingType=&from=&to=&source=&campaign=")).total).toBe(7);
  });

  it("pages with an opaque cursor: every row once, in order, the total on every page", async () => {
    const all = names(await list("?limit=100"));
    const seen: string[] = [];
    let query = "?limit=2";
    for (let pages = 0; pages < 10; pages++) {
      const page = await list(query);
      expect(page.total).toBe(pages === 0 ? 7 : 8);
      seen.push(...names(page));
      if (!page.nextCursor) break;
      expect(page.nextCursor).toMatch(/^[A-Za-z0-9_-]+$/);
      // A new application arriving between pages appears on the first page, not in the middle.
      if (pages === 0)
        await placeAt(
          ctx.db.store,
          await submit(ctx.app, { companyName: "Late Co" }),
          "2024-04-01T00:00:00Z",
        );
      query = `?limit=2&cursor=${page.nextCursor}`;
    }
    expect(seen).toEqual(all);
    expect(new Set(seen).size).toBe(7);
    expect(seen).not.toContain("Late Co");
    // Filters apply across pages too.
    const first = await list("?state=received&limit=3");
    const second = await list(`?state=received&limit=3&cursor=${first.nextCursor}`);
    expect([...names(first), ...names(second)]).not.toContain("Spam Robotics");
    expect(first.total).toBe(7);
  });

  it("answers a bad query parameter with 400 and a message naming it", async () => {
    for (const [query, field] of [
      ["?limit=0", "limit"],
      ["?limit=101", "limit"],
      ["?limit=ten", "limit"],
      ["?state=lost", "state"],
      ["?fundingType=lottery", "fundingType"],
      ["?from=2024-02-30", "from"],
      ["?to=03/04/2024", "to"],
      ["?from=2024-03-05&to=2024-03-01", "to"],
      ["?cursor=not-a-cursor", "cursor"],
      [`?cursor=${Buffer.from("yesterday,1").toString("base64url")}`, "cursor"],
      ["?q=a&q=b", "q"],
      [`?q=${"x".repeat(201)}`, "q"],
      ["?sort=name", "sort"],
      ["?q=a%00b", "q"],
      ["?source=%00", "source"],
      // Percent-encoding that is not UTF-8 is not text either (plugins/unsafe-params.ts).
      ["?q=%ED%A0%80", "q"],
      ["?campaign=%F0", "campaign"],
    ] as const) {
      const response = await client.get(`/api/desk/applications${query}`);
      expect(response.statusCode, query).toBe(400);
      const body = response.json();
      expect(body.errors[field], query).toEqual(expect.any(String));
      expect(body.error, query).toContain(field);
    }
    // Odd but harmless text is searched for, literally.
    for (const query of ["?q=%27%20OR%201%3D1%20--", "?q=%5C", "?source=%E2%80%AE"]) {
      const response = await client.get(`/api/desk/applications${query}`);
      expect(response.statusCode, query).toBe(200);
      expect(response.json().total, query).toBe(0);
    }
  });

  it("gives an unsigned visitor 401 and no personal data on every route", async () => {
    const saved = cookie;
    cookie = undefined;
    try {
      for (const url of [
        "/api/desk/applications",
        "/api/desk/applications?q=alpha",
        "/api/desk/applications/due-counts?owner=everyone",
        `/api/desk/applications/${ids.alpha}`,
        `/api/desk/applications/${ids.alpha}/evidence`,
        "/api/desk/consents?phone=2125550101",
        "/api/desk/health",
        "/api/desk/exports/applications.csv",
        "/api/desk/exports/consents.csv",
        "/api/desk/exports/newsletter.csv",
        "/api/desk/exports/audit.csv",
      ]) {
        const response = await client.get(url);
        expect(response.statusCode, url).toBe(401);
        expect(response.json(), url).toEqual({ error: "Sign in to continue" });
      }
      for (const url of [
        `/api/desk/applications/${ids.alpha}/redeliver`,
        `/api/desk/applications/${ids.spam}/release`,
        `/api/desk/applications/${ids.alpha}/quarantine`,
        "/api/desk/deliveries/redeliver-dead",
      ]) {
        const response = await client.post(url, { reason: "test" });
        expect(response.statusCode, url).toBe(401);
        expect(response.body, url).not.toMatch(/alpha|Lovelace|example/i);
      }
      // Nothing changed.
      cookie = saved;
      expect((await list("?state=quarantined")).total).toBe(1);
    } finally {
      cookie = saved;
    }
  });
});
