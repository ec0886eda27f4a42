/**
 * The intake transaction without HTTP, for `npm run bench:api`: the intake
 * call the route makes once the body is valid (application + consent + outbox
 * in one transaction; on PGlite behind the fsync'd journal unless INTAKE_JOURNAL=off;
 * then its owner chosen among the staff on duty),
 * from BENCH_CONCURRENCY concurrent callers for BENCH_DURATION_MS. Prints one
 * JSON line: { ops, seconds, rate, p50, p99, cpuMs }.
 */
import { randomUUID } from "node:crypto";
import pino from "pino";
import { SMS_CONSENT_VERSION, smsConsentText, type FundingApplication } from "#domain/application/schema";
import { loadConfig } from "../server/config";
import { openRuntime } from "../server/runtime";
import { createIntake } from "../server/intake/intake";
import { sampleApplication } from "../test/support/sample-application";

const config = loadConfig(process.env);
const durationMs = Number(process.env.BENCH_DURATION_MS ?? 10_000);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 16);
const runtime = await openRuntime(config, pino({ level: "warn" }), "the raw-intake benchmark");
const intake = createIntake(runtime.store, { journal: runtime.journal });

// Staff on duty (BENCH_STAFF_ON_DUTY, 3 by default), so that every application
// stored here and by the HTTP runs after it (same store) is assigned
// round-robin as in production: the intake's assignment is part of what is timed.
const onDuty = Number(process.env.BENCH_STAFF_ON_DUTY ?? 3);
for (let n = 1; n <= onDuty; n++) {
  const id = `bench-staff-${n}`;
  await runtime.store.query(
    `INSERT INTO "desk_user" (id, name, email, "emailVerified", role) VALUES ($1, $2, $3, true, 'staff')
     ON CONFLICT (id) DO NOTHING`,
    [id, `Bench Staff ${n}`, `staff${n}@bench.test`],
  );
  await runtime.store.query(
    `INSERT INTO desk_duty (user_id, on_duty) VALUES ($1, true)
     ON CONFLICT (user_id) DO UPDATE SET on_duty = true`,
    [id],
  );
}

const application: FundingApplication = { ...sampleApplication, companyName: "Bench Robotics" };

const latencies: number[] = [];
const deadline = performance.now() + durationMs;
const started = performance.now();
const cpuAtStart = process.cpuUsage();
await Promise.all(
  Array.from({ length: concurrency }, async () => {
    while (performance.now() < deadline) {
      const t0 = performance.now();
      await intake.create({
        submissionId: randomUUID(),
        application,
        timestamp: new Date().toISOString(),
        clientIp: "127.0.0.1",
        userAgent: "bench",
        consent: { text: smsConsentText, version: SMS_CONSENT_VERSION, pageUrl: "http://localhost/" },
      });
      latencies.push(performance.now() - t0);
    }
  }),
);
const seconds = (performance.now() - started) / 1000;
const cpu = process.cpuUsage(cpuAtStart);
latencies.sort((a, b) => a - b);
const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))];
await runtime.close();
console.log(
  JSON.stringify({
    ops: latencies.length,
    seconds,
    rate: latencies.length / seconds,
    p50: at(0.5),
    p99: at(0.99),
    // This process's CPU per transaction (on PGlite the database's too): steadier than the rate on a busy machine.
    cpuMs: (cpu.user + cpu.system) / 1000 / latencies.length,
  }),
);
