// `npm run bench:desk`: the lead desk's reads at 100,000 applications. Signs a
// staff member in over HTTP, then seeds the store in bulk (generate_series:
// applications with consent records, outbox rows and delivery attempts, and
// their work: owners among eight staff, that member one of them, work
// statuses, review deadlines, first touches, reads), then times the inbox's
// first page, its next page, a filtered page, a search, the documents' views, the rep's work views
// (owner, work status and due filters, follow-ups, least time left first, and a
// next page in that order), the new-lead count and one application's detail, BENCH_REQUESTS each, on
// PostgreSQL and on the embedded store. The times are the server's own
// (`responseTime` in its request log); the client's round trips over loopback
// are shown beside them. Writes the "## Desk" section of BENCHMARKS.md.
//
// Environment: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test;
// a fresh schema is made and dropped), BENCH_ROWS (100000), BENCH_REQUESTS (50),
// BENCH_PORT (4431), BENCH_ONLY=pglite|postgres, BENCH_EXPLAIN=1 (prints the
// EXPLAIN ANALYZE plans of the inbox's queries on the seeded store).
import { createHash, randomUUID } from "node:crypto";
import { cpus, loadavg, tmpdir, totalmem } from "node:os";
import { mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { TOTP } from "otpauth";
import { bundleServer, ROOT } from "../scripts/lib/bundle-server.mjs";
import { freshSchema, startBenchServer } from "./lib/bench-server.mjs";
import { f1, packageVersion as version, writeBenchmarksSection } from "./lib/report.mjs";

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 50);
const PORT = Number(process.env.BENCH_PORT ?? 4431);
const ONLY = process.env.BENCH_ONLY;
const EXPLAIN = process.env.BENCH_EXPLAIN === "1";
const GOALS = { PostgreSQL: 100, PGlite: 250 };

const log = (...args) => console.log("[bench:desk]", ...args);
const outDir = join(ROOT, "node_modules", ".cache", "harborline-bench-desk");
rmSync(outDir, { recursive: true, force: true });
await bundleServer(outDir, {
  server: "server/main.ts",
  open: "server/store/open.ts",
  migrate: "server/store/migrate.ts",
  invitations: "server/staff/invitation-repository.ts",
  operator: "server/cli/operator-repository.ts",
  schema: "domain/application/schema.ts",
});
const load = (name) => import(pathToFileURL(join(outDir, `${name}.mjs`)).href);
const { openStore } = await load("open");
const { migrate } = await load("migrate");
const { createInvitations } = await load("invitations");
const { createOperatorRepository } = await load("operator");
const { smsConsentText, SMS_CONSENT_VERSION, fundingTypeOptions } = await load("schema");

/** The seeded application number g's id (the same formula as the seed's SQL). */
const appId = (g) => {
  const hex = createHash("md5").update(`app${g}`).digest("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};

// ---------------------------------------------------------------------------
// Seed: one batch of applications numbered lo..hi, newest first (g = 1 is
// about now, g = 100,000 about 350 days ago), with their consent records,
// outbox rows (about 90% delivered, 4% waiting, 2% dead; 2% quarantined have
// none) and delivery attempts.
//
// Their work, as a desk used every day leaves it: an owner among eight staff
// (the signed-in member is one: "mine" is an eighth), about 1% waiting
// unassigned, the quarantined ones nobody's; each due 24 hours after it
// arrived. Untouched: 80% of the last 5 hours' arrivals, 20% of the next 28
// hours' (some of them due soon, most overdue), and 1 in 211 older ones left
// behind (overdue). One in nine of the touched ones still worked has a
// follow-up, from a day overdue to three days ahead. The others were touched
// within 4 hours of arriving (1 in 41 after 26 hours), and stand, by age: the
// last week's mostly contacted or qualified, older ones mostly closed (with
// their reasons; funded ones with an amount). The signed-in member has opened the ones of theirs that were
// touched; the reminders and alerts are all sent. Their documents: one in 13 complete, about a fifth
// of the rest still needed, the others none yet.

const words = (list) => `ARRAY[${list.map((word) => `'${word}'`).join(", ")}]`;
const pick = (list, expr) => `(${words(list)})[1 + (${expr}) % ${list.length}]`;
const ADJECTIVES = [
  "Acme",
  "Blue",
  "Cedar",
  "Delta",
  "Eagle",
  "Summit",
  "Granite",
  "Harbor",
  "Iron",
  "Juniper",
  "Keystone",
  "Liberty",
  "Maple",
  "North",
  "Orchid",
  "Pioneer",
  "Quartz",
  "River",
  "Silver",
  "Timber",
];
const NOUNS = [
  "Robotics",
  "Bakery",
  "Freight",
  "Dental",
  "Logistics",
  "Construction",
  "Software",
  "Farms",
  "Apparel",
  "Motors",
  "Brewing",
  "Clinic",
  "Studios",
  "Plumbing",
  "Roofing",
  "Analytics",
  "Catering",
  "Fitness",
  "Printing",
  "Marine",
  "Solar",
  "Textiles",
  "Realty",
  "Labs",
  "Outfitters",
];
const SUFFIXES = ["Inc", "LLC", "Co", "Group", "Partners"];
const FIRST = [
  "Ada",
  "Grace",
  "Alan",
  "Katherine",
  "Linus",
  "Margaret",
  "Dennis",
  "Barbara",
  "Ken",
  "Frances",
  "Edsger",
  "Radia",
  "Tim",
  "Hedy",
  "John",
  "Mary",
  "James",
  "Patricia",
  "Robert",
  "Jennifer",
  "Michael",
  "Linda",
  "David",
  "Elizabeth",
  "Carlos",
  "Sofia",
  "Wei",
  "Aisha",
  "Omar",
  "Priya",
];
const LAST = [
  "Lovelace",
  "Hopper",
  "Turing",
  "Johnson",
  "Torvalds",
  "Hamilton",
  "Ritchie",
  "Liskov",
  "Thompson",
  "Allen",
  "Dijkstra",
  "Perlman",
  "Berners",
  "Lamarr",
  "Smith",
  "Garcia",
  "Miller",
  "Davis",
  "Rodriguez",
  "Martinez",
  "Wilson",
  "Anderson",
  "Taylor",
  "Thomas",
  "Moore",
  "Jackson",
  "Martin",
  "Lee",
  "Nguyen",
  "Patel",
  "Kim",
  "Chen",
  "Okafor",
  "Haddad",
  "Kowalski",
  "Novak",
  "Silva",
  "Rossi",
  "Weber",
  "Dubois",
];
// The wizard's funding types, in its order.
const FUNDING = fundingTypeOptions.map((option) => option.value);
const SOURCES = ["google", "facebook", "linkedin", "newsletter", "bing"];

const seedSql = {
  applications: `
    INSERT INTO applications (id, submission_id, created_at, status, quarantine_reason, source, submitted_at,
      company_name, industry, annual_revenue, years_in_business, business_description, funding_type, funding_amount,
      funding_purpose, timeframe, first_name, last_name, email, phone, title, credit_score, sms_consent, payload,
      client_ip, user_agent, attribution,
      owner_id, assigned_at, work_status, close_reason, funded_amount, review_due_at, first_touched_at,
      reminded_at, overdue_alerted_at, documents_state)
    SELECT md5('app' || g)::uuid, md5('sub' || g)::uuid, ts, CASE WHEN quarantined THEN 'quarantined' ELSE 'received' END,
           CASE WHEN quarantined THEN 'honeypot' END, 'Website Funding Application', ts,
           company, 'technology', '1m-5m', '2-5', 'Seeded for the desk benchmark.', funding, (10000 + g % 90 * 5000)::numeric,
           'expansion', '1-month', first, last, email, phone, 'CEO', '700-750', true,
           json_build_object('companyName', company, 'industry', 'technology', 'annualRevenue', '1m-5m',
             'yearsInBusiness', '2-5', 'businessDescription', 'Seeded for the desk benchmark.', 'fundingType', funding,
             'fundingAmount', (10000 + g % 90 * 5000)::text, 'fundingPurpose', 'expansion', 'timeframe', '1-month',
             'firstName', first, 'lastName', last, 'email', email, 'phone', phone, 'title', 'CEO',
             'creditScore', '700-750', 'smsConsent', true, 'source', 'Website Funding Application',
             'timestamp', ts, 'applicationId', md5('app' || g)::uuid, 'attribution', attribution::json),
           '203.0.113.' || (g % 250), 'Mozilla/5.0 (bench)', attribution,
           owner, CASE WHEN owner IS NOT NULL THEN ts + interval '1 second' END, work,
           CASE WHEN work = 'closed' THEN ${pick(["not_qualified", "no_response", "duplicate", "chose_another_provider", "funded"], "g / 20")} END,
           CASE WHEN work = 'closed' AND (g / 20) % 5 = 4 THEN (10000 + g % 90 * 5000)::numeric END,
           ts + interval '24 hours',
           CASE WHEN NOT untouched THEN
             least(now(), ts + CASE WHEN g % 41 = 0 THEN interval '26 hours' ELSE (g * 37) % 240 * interval '1 minute' END)
           END,
           ts + interval '20 hours', ts + interval '24 hours',
           CASE WHEN quarantined THEN 'none' WHEN g % 13 = 0 THEN 'complete' WHEN g % 5 = 0 THEN 'needed' ELSE 'none' END
      FROM (SELECT s.*,
                   CASE WHEN quarantined OR g % 97 = 0 THEN NULL ELSE ($3::text[])[1 + (g / 3) % 8] END AS owner,
                   CASE WHEN untouched THEN 'new'
                        WHEN g <= 2000 THEN CASE WHEN g % 20 < 8 THEN 'contacted' WHEN g % 20 < 12 THEN 'qualified'
                                                 WHEN g % 20 < 14 THEN 'underwriting' WHEN g % 20 < 16 THEN 'new'
                                                 ELSE 'closed' END
                        ELSE CASE WHEN g % 20 < 2 THEN 'contacted' WHEN g % 20 < 5 THEN 'qualified'
                                  WHEN g % 20 < 7 THEN 'underwriting' ELSE 'closed' END
                   END AS work
      FROM (SELECT g, now() - g * interval '5 minutes' AS ts, g % 50 = 0 AS quarantined,
                   g % 50 = 0 OR (g <= 60 AND g % 5 <> 0) OR (g <= 400 AND g % 5 = 1) OR g % 211 = 5 AS untouched,
                   ${pick(ADJECTIVES, "g")} || ' ' || ${pick(NOUNS, "g / 20")} || ' ' || ${pick(SUFFIXES, "g / 500")} AS company,
                   ${pick(FIRST, "g / 7")} AS first, ${pick(LAST, "g / 3")} AS last,
                   lower(${pick(FIRST, "g / 7")} || '.' || ${pick(LAST, "g / 3")}) || g || '@example.com' AS email,
                   '+1 (' || (200 + g % 700) || ') 555-' || lpad((g % 10000)::text, 4, '0') AS phone,
                   ${pick(FUNDING, "g / 11")} AS funding,
                   CASE WHEN g % 4 = 0 THEN NULL ELSE jsonb_build_object(
                     'firstTouch', jsonb_build_object('utm_source', ${pick(SOURCES, "g / 2")}, 'landingPage', '/'),
                     'lastTouch', jsonb_build_object('utm_source', ${pick(SOURCES, "g")},
                                                     'utm_campaign', 'campaign-' || (g % 12), 'landingPage', '/faq'))
                   END AS attribution
              FROM generate_series($1::int, $2::int) g) s) s`,
  reads: `
    INSERT INTO application_reads (user_id, application_id, read_at)
    SELECT owner_id, id, first_touched_at FROM applications
     WHERE owner_id = $3 AND first_touched_at IS NOT NULL
       AND id IN (SELECT md5('app' || g)::uuid FROM generate_series($1::int, $2::int) g)`,
  // Follow-ups ("call back at"), as reps leave them: on about one in nine of the
  // touched leads still being worked, from a day overdue to three days ahead.
  followUps: `
    UPDATE applications SET follow_up_at = now() + ((hashtext(id::text) & 65535) % 96 - 24) * interval '1 hour'
     WHERE id IN (SELECT md5('app' || g)::uuid FROM generate_series($1::int, $2::int) g WHERE g % 9 = 4)
       AND first_touched_at IS NOT NULL AND work_status IN ('contacted', 'qualified', 'underwriting')`,
  consents: `
    INSERT INTO consents (application_id, consent_text, consent_version, consented_at, ip, user_agent, page_url, phone)
    SELECT a.id, $3, $4, a.submitted_at, a.client_ip, a.user_agent, 'https://harborline.example/apply', a.phone
      FROM generate_series($1::int, $2::int) g JOIN applications a ON a.id = md5('app' || g)::uuid`,
  outbox: `
    INSERT INTO outbox (application_id, status, attempts, next_attempt_at, last_error, delivered_at, created_at, updated_at)
    SELECT a.id, st, CASE st WHEN 'dead' THEN 3 WHEN 'pending' THEN 1 ELSE 1 + (g % 7 = 0)::int END,
           a.created_at + interval '10 minutes', CASE WHEN st <> 'delivered' THEN 'HTTP 503' END,
           CASE WHEN st = 'delivered' THEN a.created_at + interval '2 seconds' END, a.created_at, a.created_at
      FROM (SELECT g, CASE WHEN g % 50 = 1 THEN 'dead' WHEN g % 25 = 2 THEN 'pending' ELSE 'delivered' END AS st
              FROM generate_series($1::int, $2::int) g) s
      JOIN applications a ON a.id = md5('app' || g)::uuid
     WHERE a.status = 'received'`,
  attempts: `
    INSERT INTO delivery_attempts (outbox_id, attempt, attempted_at, status_code, error, duration_ms, worker, outcome)
    SELECT o.id, n, o.created_at + n * interval '1 second',
           CASE WHEN o.status = 'delivered' AND n = o.attempts THEN 200 ELSE 503 END,
           CASE WHEN o.status = 'delivered' AND n = o.attempts THEN NULL ELSE 'HTTP 503' END,
           20 + n * 7, 'bench',
           CASE WHEN o.status = 'delivered' AND n = o.attempts THEN 'delivered'
                WHEN o.status = 'dead' AND n = o.attempts THEN 'dead' ELSE 'retry' END
      FROM generate_series($1::int, $2::int) g
      JOIN outbox o ON o.application_id = md5('app' || g)::uuid
      CROSS JOIN LATERAL generate_series(1, o.attempts) n`,
};

/** The eight staff who own the seeded applications: the signed-in member, then seven made here. */
async function seedStaff(store, memberId) {
  const others = Array.from({ length: 7 }, (_, i) => `bench-staff-${i + 2}`);
  await store.query(
    `INSERT INTO "desk_user" (id, name, email, "emailVerified", role, "twoFactorEnabled")
     SELECT id, 'Bench Staff ' || n, id || '@example.test', true, 'staff', true
       FROM unnest($1::text[]) WITH ORDINALITY AS t(id, n)`,
    [others],
  );
  return [memberId, ...others];
}

async function seed(store, memberId) {
  const started = performance.now();
  const batch = 10_000;
  const owners = await seedStaff(store, memberId);
  for (let lo = 1; lo <= ROWS; lo += batch) {
    const hi = Math.min(ROWS, lo + batch - 1);
    await store.transaction(async (tx) => {
      await tx.query(seedSql.applications, [lo, hi, owners]);
      await tx.query(seedSql.reads, [lo, hi, memberId]);
      await tx.query(seedSql.followUps, [lo, hi]);
      await tx.query(seedSql.consents, [lo, hi, smsConsentText, SMS_CONSENT_VERSION]);
      await tx.query(seedSql.outbox, [lo, hi]);
      await tx.query(seedSql.attempts, [lo, hi]);
    });
    log(`  seeded ${hi.toLocaleString("en-US")} of ${ROWS.toLocaleString("en-US")}`);
  }
  // The member last looked at Mine six hours ago and at Unassigned two days ago: the new-lead
  // count has leads to count.
  await store.query(
    `INSERT INTO desk_view_seen (user_id, view, seen_at)
     VALUES ($1, 'mine', now() - interval '6 hours'), ($1, 'unassigned', now() - interval '2 days')`,
    [memberId],
  );
  const seeded = (performance.now() - started) / 1000;
  // Where autovacuum would have got to by itself on PostgreSQL (PGlite has
  // none: the server's store runs this VACUUM there hourly, store/maintenance.ts).
  // Not store.maintain(): that does nothing on PostgreSQL, and both are timed.
  const vacuumStarted = performance.now();
  await store.exec("VACUUM (ANALYZE)");
  return { seconds: seeded, vacuumSeconds: (performance.now() - vacuumStarted) / 1000 };
}

// ---------------------------------------------------------------------------
// The requests measured. Each scenario cycles through a few variants so no
// single cached answer is timed over and over.

/** YYYY-MM-DD, `offset` days from today (UTC). */
const day = (offset) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

const SCENARIOS = [
  // What any signed-in request costs (the session checked in the store), for comparison.
  { name: "baseline: GET /api/desk/me", urls: () => ["/api/desk/me"], baseline: true },
  { name: "inbox, first page", urls: () => ["/api/desk/applications"] },
  { name: "inbox, next page", urls: (ctx) => [`/api/desk/applications?cursor=${ctx.cursor}`] },
  {
    name: "filtered page",
    urls: () => [
      "/api/desk/applications?state=received",
      "/api/desk/applications?state=delivered",
      "/api/desk/applications?state=dead",
      "/api/desk/applications?state=quarantined",
      "/api/desk/applications?fundingType=sba-loan&source=google",
      "/api/desk/applications?source=linkedin&campaign=campaign-3",
      `/api/desk/applications?state=delivered&from=${day(-60)}&to=${day(-31)}`,
      "/api/desk/applications?state=pending&fundingType=venture-debt",
    ],
  },
  {
    name: "search",
    urls: () =>
      ["robot", "hopper", "grace.lovelace", "(212) 555-0", "timber", "okafor1"].map(
        (q) => `/api/desk/applications?q=${encodeURIComponent(q)}`,
      ),
  },
  // The rep's work views, least time left first: whose, which work status,
  // the review clock's views, and each combined.
  {
    name: "work view: owner, time left",
    work: true,
    urls: () =>
      [
        "owner=mine",
        "owner=unassigned",
        "owner=everyone",
        "owner=mine&work=contacted",
        "owner=mine&work=new&due=overdue",
      ].map((q) => `/api/desk/applications?${q}&sort=time_left`),
  },
  {
    name: "work view: status, time left",
    work: true,
    urls: () =>
      ["new", "contacted", "qualified", "underwriting", "closed"].map(
        (status) => `/api/desk/applications?work=${status}&sort=time_left`,
      ),
  },
  {
    name: "work view: due, time left",
    work: true,
    urls: () =>
      [
        "due=overdue",
        "due=due_soon",
        "due=open",
        "owner=mine&due=open",
        "owner=unassigned&due=overdue",
        "owner=mine&due=due_soon",
      ].map((q) => `/api/desk/applications?${q}&sort=time_left`),
  },
  {
    name: "work view: next page, time left",
    work: true,
    urls: (ctx) => [
      `/api/desk/applications?owner=mine&sort=time_left&cursor=${ctx.mineCursor}`,
      `/api/desk/applications?sort=time_left&cursor=${ctx.everyoneCursor}`,
    ],
  },
  // Follow-ups in the rep's views: the to-do list orders by the earlier of a
  // lead's follow-up and (untouched) its review deadline.
  {
    name: "work view: follow-ups, time left",
    work: true,
    urls: () =>
      ["owner=mine&due=open", "owner=mine&work=contacted", "owner=everyone&work=qualified", "owner=mine"].map(
        (q) => `/api/desk/applications?${q}&sort=time_left`,
      ),
  },
  // The documents' views (migration 036): complete, still needed, none yet; alone and with a work view.
  {
    name: "documents view",
    urls: () =>
      [
        "documents=complete",
        "documents=needed",
        "documents=none",
        "documents=complete&owner=mine",
        "documents=complete&sort=time_left",
      ].map((q) => `/api/desk/applications?${q}`),
  },
  // The header's count of leads new to the member since they last looked, per view.
  { name: "new-lead count", urls: () => ["/api/desk/applications/new-count"] },
  {
    name: "one application (detail)",
    urls: () =>
      Array.from({ length: 25 }, (_, i) => `/api/desk/applications/${appId(1 + ((i * 3989) % ROWS))}`),
  },
];

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

async function startServer(env) {
  // The server's own time for each request, from its request log.
  const times = [];
  const onLine = (line) => {
    if (!line.includes('"responseTime"')) return;
    try {
      const entry = JSON.parse(line);
      if (typeof entry.responseTime === "number")
        times.push({ ms: entry.responseTime, status: entry.res?.statusCode });
    } catch {
      // not a log line
    }
  };
  const server = await startBenchServer(outDir, {
    port: PORT,
    env: {
      PATH: process.env.PATH ?? "",
      HOST: "127.0.0.1",
      CLIENT_DIR: join(tmpdir(), "harborline-no-site", "client"),
      // The purge would delete the seeded quarantined applications older than 30 days while the bench runs.
      QUARANTINE_RETENTION: "36500d",
      LOG_LEVEL: "info",
      ...env,
    },
    onLine,
  });
  return { ...server, times };
}

const cookiesOf = (response) =>
  response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    // A cleared cookie has an empty value (a signed one may end in "=").
    .filter((pair) => pair.slice(pair.indexOf("=") + 1) !== "")
    .join("; ");

/** A staff account made the way people make one: an invitation, a password, an authenticator app. */
async function signIn(token) {
  const base = `http://127.0.0.1:${PORT}`;
  const headers = { "content-type": "application/json", origin: base };
  const accepted = await fetch(`${base}/api/desk/invitations/${token}/accept`, {
    method: "POST",
    headers,
    body: JSON.stringify({ password: `desk bench ${randomUUID()}` }),
  });
  if (accepted.status !== 201) throw new Error(`accept: ${accepted.status} ${await accepted.text()}`);
  const { secret } = (await accepted.json()).enrolment;
  const code = new TOTP({ secret, digits: 6, period: 30 }).generate();
  const confirmed = await fetch(`${base}/api/desk/enrolment/confirm`, {
    method: "POST",
    headers: { ...headers, cookie: cookiesOf(accepted) },
    body: JSON.stringify({ code }),
  });
  if (confirmed.status !== 200) throw new Error(`confirm: ${confirmed.status} ${await confirmed.text()}`);
  return cookiesOf(confirmed);
}

/** GET `url` with the session `cookie`: its JSON body and the round trip's milliseconds. */
async function getJson(url, cookie) {
  const started = performance.now();
  const response = await fetch(`http://127.0.0.1:${PORT}${url}`, { headers: { cookie } });
  const body = await response.json();
  if (response.status !== 200) throw new Error(`${url}: ${response.status} ${JSON.stringify(body)}`);
  return { body, ms: performance.now() - started };
}

async function measure(name, env, prepare) {
  const loadBefore = loadavg()[0];
  // The staff member comes first (invited, then signed in over HTTP), so that
  // the seed gives them their share of the applications: "mine".
  let store = await prepare.open();
  let token;
  try {
    await migrate(store);
    const invitation = await createInvitations({
      store,
      siteUrl: `http://127.0.0.1:${PORT}`,
      ttlMs: 3_600_000,
    }).create({
      purpose: "invite",
      email: `bench-${randomUUID().slice(0, 8)}@example.test`,
      role: "staff",
    });
    token = invitation.url.split("/").pop();
  } finally {
    await store.close();
  }
  let cookie;
  let memberId;
  {
    const server = await startServer(env);
    try {
      cookie = await signIn(token);
      memberId = (await getJson("/api/desk/me", cookie)).body.id;
    } finally {
      server.child.kill("SIGTERM");
      await server.exited;
    }
  }

  let seedSeconds;
  let vacuumSeconds;
  store = await prepare.open();
  try {
    log(`${name}: seeding ${ROWS.toLocaleString("en-US")} applications`);
    const seeded = await seed(store, memberId);
    seedSeconds = seeded.seconds;
    vacuumSeconds = seeded.vacuumSeconds;
    log(`${name}: seeded in ${seedSeconds.toFixed(1)} s, VACUUM (ANALYZE) ${vacuumSeconds.toFixed(1)} s`);
    if (EXPLAIN) await explain(name, store, memberId);
  } finally {
    await store.close();
  }

  const server = await startServer(env);
  try {
    const get = (url) => getJson(url, cookie);
    const first = await get("/api/desk/applications");
    if (first.body.total !== ROWS) throw new Error(`the inbox counts ${first.body.total}, not ${ROWS}`);
    const mine = await get("/api/desk/applications?owner=mine&sort=time_left");
    if (mine.body.total < ROWS / 10) throw new Error(`the member owns ${mine.body.total} applications`);
    const everyone = await get("/api/desk/applications?sort=time_left");
    const ctx = {
      cursor: (await get(`/api/desk/applications?cursor=${first.body.nextCursor}`)).body.nextCursor,
      mineCursor: (
        await get(`/api/desk/applications?owner=mine&sort=time_left&cursor=${mine.body.nextCursor}`)
      ).body.nextCursor,
      everyoneCursor: (await get(`/api/desk/applications?sort=time_left&cursor=${everyone.body.nextCursor}`))
        .body.nextCursor,
    };
    const results = [];
    for (const scenario of SCENARIOS) {
      const urls = scenario.urls(ctx);
      for (let i = 0; i < Math.min(5, urls.length * 2); i++) await get(urls[i % urls.length]); // warm-up
      // Settle the log, then count only this scenario's lines.
      await new Promise((resolve) => setTimeout(resolve, 200));
      const from = server.times.length;
      const client = [];
      for (let i = 0; i < REQUESTS; i++) client.push((await get(urls[i % urls.length])).ms);
      for (let i = 0; i < 100 && server.times.length < from + REQUESTS; i++) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const serverMs = server.times.slice(from, from + REQUESTS).map((entry) => entry.ms);
      const row = {
        scenario: scenario.name,
        baseline: Boolean(scenario.baseline),
        work: Boolean(scenario.work),
        variants: urls.length,
        p50: percentile(serverMs, 50),
        p95: percentile(serverMs, 95),
        max: Math.max(...serverMs),
        clientP50: percentile(client, 50),
        clientP95: percentile(client, 95),
      };
      log(
        `${name}: ${row.scenario}: server p50 ${row.p50.toFixed(1)} ms, p95 ${row.p95.toFixed(1)} ms (client p95 ${row.clientP95.toFixed(1)} ms)`,
      );
      results.push(row);
    }
    return { name, seedSeconds, vacuumSeconds, results, load: [loadBefore, loadavg()[0]] };
  } finally {
    server.child.kill("SIGTERM");
    await server.exited;
  }
}

/** The plans of the inbox's own queries (the repository's SQL, run under EXPLAIN ANALYZE). */
async function explain(name, store, memberId) {
  const explaining = {
    ...store,
    async query(sql, params) {
      const plan = await store.query(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${sql}`, params);
      console.log(plan.rows.map((row) => row["QUERY PLAN"]).join("\n"));
      return { rows: [{ n: 0 }], rowCount: 0 };
    },
  };
  const operator = createOperatorRepository(explaining);
  const filters = [
    {},
    { state: "received" },
    { state: "delivered" },
    { state: "dead" },
    { state: "quarantined" },
    { fundingType: "sba-loan", source: "google" },
    { state: "delivered", receivedSince: `${day(-60)}T00:00:00Z`, receivedBefore: `${day(-30)}T00:00:00Z` },
    { q: "robot" },
    { q: "hopper" },
    { q: "grace.lovelace" },
    { q: "okafor1" },
    { q: "(212) 555-0" },
  ].map((filter) => ({ filter, sort: "newest" }));
  const mine = { id: memberId };
  const soon = { dueSoonMs: 4 * 3_600_000 };
  const workViews = [
    {},
    { owner: mine },
    { owner: "unassigned" },
    { owner: mine, work: "contacted" },
    { owner: mine, work: "new", due: "overdue" },
    ...["new", "contacted", "qualified", "underwriting", "closed"].map((work) => ({ work })),
    { due: "overdue" },
    { due: "due_soon", ...soon },
    { due: "open" },
    { owner: mine, due: "open" },
    { owner: "unassigned", due: "overdue" },
    { owner: mine, due: "due_soon", ...soon },
  ].map((filter) => ({ filter, sort: "time_left" }));
  for (const { filter, sort } of [...filters, ...workViews]) {
    console.log(`\n--- ${name}: inbox page, ${sort}, ${JSON.stringify(filter)}`);
    await operator.inbox(filter, { limit: 26, sort });
    console.log(`--- ${name}: inbox total, ${JSON.stringify(filter)}`);
    await operator.countInbox(filter);
  }
}

const results = [];
const startLoad = loadavg()[0];
if (ONLY !== "pglite") {
  const db = await freshSchema();
  try {
    results.push(
      await measure(
        "PostgreSQL",
        { DATABASE_URL: db.url },
        { open: () => openStore({ databaseUrl: db.url }) },
      ),
    );
    results.at(-1).version = db.version;
  } finally {
    await db.drop();
  }
}
if (ONLY !== "postgres") {
  const dataDir = mkdtempSync(join(tmpdir(), "harborline-bench-desk-"));
  try {
    results.push(await measure("PGlite", { DATA_DIR: dataDir }, { open: () => openStore({ dataDir }) }));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------
// BENCHMARKS.md

const row = (r, x) =>
  `| ${r.name} | ${x.scenario} | ${x.variants} | ${f1(x.p50)} | ${f1(x.p95)} | ${f1(x.max)} | ${f1(x.clientP50)} / ${f1(x.clientP95)} |`;
// BENCHMARKS.md keeps each store's baseline and its two slowest requests by p95; the console gets every row.
const SLOWEST = 2;
const allRows = results.flatMap((r) => r.results.map((x) => row(r, x)));
const rows = results.flatMap((r) => {
  const slowest = r.results
    .filter((x) => !x.baseline)
    .sort((a, b) => b.p95 - a.p95)
    .slice(0, SLOWEST);
  return r.results.filter((x) => x.baseline || slowest.includes(x)).map((x) => row(r, x));
});
const verdicts = results.map((r) => {
  const goal = GOALS[r.name];
  const measured = r.results.filter((x) => !x.baseline);
  const worst = measured.reduce((a, b) => (b.p95 > a.p95 ? b : a));
  const missed = measured.filter((x) => x.p95 > goal).map((x) => x.scenario);
  const work = measured.filter((x) => x.work);
  const worstWork = work.reduce((a, b) => (b.p95 > a.p95 ? b : a));
  return `- ${r.name}: p95 goal ≤ ${goal} ms: ${missed.length ? `missed (${missed.join(", ")})` : "met"}; the slowest p95 is ${worst.scenario} at ${f1(worst.p95)} ms. The work views (owner, status and due filters, least time left first): p50 ${work.map((x) => f1(x.p50)).join(" / ")} ms, p95 at most ${f1(worstWork.p95)} ms (${worstWork.scenario}). Seeding took ${f1(r.seedSeconds)} s, then VACUUM (ANALYZE) ${f1(r.vacuumSeconds)} s. Load average (1 min) ${r.load.map(f1).join(" → ")}.`;
});
const pgVersion = results.find((r) => r.version)?.version;
const section = [
  "## Desk",
  "",
  `Measured ${new Date().toISOString().slice(0, 10)} with \`npm run bench:desk\` (bench/desk.mjs) on ${cpus().length} cores (${cpus()[0]?.model ?? "unknown CPU"}), ${Math.round(totalmem() / 2 ** 30)} GiB RAM, Node ${process.version}, fastify ${version("fastify")}, PGlite ${version("@electric-sql/pglite")}${pgVersion ? `, PostgreSQL ${pgVersion}` : ""}.`,
  "",
  `- ${ROWS.toLocaleString("en-US")} applications seeded in bulk (generate_series, 10,000 per transaction) with their consent records, outbox rows (about 90% delivered, 4% waiting, 2% dead; 2% quarantined without one) and 1 to 3 delivery attempts each, and their work: owners among eight staff (the signed-in member owns an eighth, about 1% wait unassigned, the quarantined ones are nobody's), work statuses by age (the last week's mostly contacted or qualified, older ones mostly closed), each due 24 hours after it arrived, touched within 4 hours but for about 80% of the last 5 hours' arrivals, 20% of the next 28 hours' and 1 in 211 older ones (about 10 due soon and 500 overdue); then VACUUM (ANALYZE), where PostgreSQL's autovacuum gets by itself (on PGlite, which has none, the store's own hourly maintenance runs it).`,
  `- One signed-in staff member, ${REQUESTS} sequential requests per row after a warm-up, each row cycling through its variants (filters: received, delivered, dead, quarantined, funding type + source, source + campaign, delivered within a 30-day range, pending + funding type; searches: a company word, a last name, an e-mail fragment, a phone fragment, another company word, a name with digits; work views, all least time left first: owner mine, unassigned, everyone, mine + contacted, mine + new + overdue; each of the five work statuses; overdue, due soon, open, mine + open, unassigned + overdue, mine + due soon; the third page of mine and of everyone; details: 25 different applications, each view writing its audit row).`,
  `- Server time is the server's own \`responseTime\` from its request log (ms); the client column is the round trip over loopback. Every inbox answer includes its \`total\` for the filter. The table keeps each store's baseline and its ${SLOWEST} slowest requests by p95; the run prints every row.`,
  "",
  "| store | request | variants | server p50 | server p95 | server max | client p50 / p95 |",
  "| --- | --- | --- | --- | --- | --- | --- |",
  ...rows,
  "",
  ...verdicts,
  ...(startLoad > 1
    ? [
        `- Warning: the machine was not idle when this run started (1-min load average ${f1(startLoad)} on ${cpus().length} cores): the figures are higher than on a quiet machine.`,
      ]
    : []),
  // A blank line before the next section's heading.
  "",
  "",
].join("\n");

if (results.length === 2 && ROWS === 100_000) {
  writeBenchmarksSection(section);
  log("wrote BENCHMARKS.md");
} else log("a partial run (BENCH_ONLY or BENCH_ROWS): BENCHMARKS.md left as it is");
rmSync(outDir, { recursive: true, force: true });
console.log(`\n${section}\nEvery row:\n${allRows.join("\n")}`);
