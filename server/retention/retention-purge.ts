/**
 * The retention purge (docs/retention.md): every instance runs it by itself,
 * right after start-up and then every RETENTION_PURGE_EVERY (an hour), as one
 * of the periodic jobs (server/jobs.ts). Each kind of data goes once past its
 * period, in batches (purge-repository.ts: an advisory lock per batch, so
 * instances take turns), skipping legal holds; each run writes one audit
 * entry per kind that removed something, with the count and the period, by
 * no actor and naming no one. A failed kind is logged and tried again next
 * run (what its batches removed before the failure is audited); the others
 * still run.
 */
import type { FastifyBaseLogger } from "fastify";
import type { RetentionConfig } from "../config";
import type { Store } from "../store/store";
import { createAuditRepository } from "../audit/audit-repository";
import {
  blankMailBodies,
  purgeApplications,
  purgeAudit,
  purgeQuarantine,
  purgeSessions,
  PurgeInterrupted,
  type PurgeOptions,
} from "./purge-repository";

/** The kinds, in the order a run takes them (the audit log last, so it can see this run's entries). */
export const PURGE_KINDS = ["quarantine", "applications", "mail-bodies", "sessions", "audit"] as const;
export type PurgeKind = (typeof PURGE_KINDS)[number];

export type PurgeCounts = Record<PurgeKind, number>;

const DAY_MS = 86_400_000;

export interface PurgeDeps {
  store: Store;
  periods: RetentionConfig;
  log: FastifyBaseLogger;
}

/** One run of every kind at `now` (the purge's clock); returns what each removed. */
export async function runRetentionPurge(
  { store, periods, log }: PurgeDeps,
  now = new Date(),
): Promise<PurgeCounts> {
  const audit = createAuditRepository(store);
  const options: PurgeOptions = { now, batchSize: periods.batchSize };
  const kinds: Record<PurgeKind, { keepMs: number; purge: () => Promise<number> }> = {
    quarantine: {
      keepMs: periods.quarantineMs,
      purge: () => purgeQuarantine(store, periods.quarantineMs, options),
    },
    applications: {
      keepMs: periods.applicationsMs,
      purge: () =>
        purgeApplications(
          store,
          { keepMs: periods.applicationsMs, evidenceMs: periods.consentEvidenceMs },
          options,
        ),
    },
    "mail-bodies": {
      keepMs: periods.mailBodiesMs,
      purge: () => blankMailBodies(store, periods.mailBodiesMs, options),
    },
    sessions: {
      keepMs: periods.sessionsMs,
      purge: () => purgeSessions(store, periods.sessionsMs, options),
    },
    audit: { keepMs: periods.auditMs, purge: () => purgeAudit(store, periods.auditMs, options) },
  };
  const counts = Object.fromEntries(PURGE_KINDS.map((kind) => [kind, 0])) as PurgeCounts;
  /** One audit entry for what a kind removed (the quarantine's keep the name they always had). */
  const recordRemoved = async (kind: PurgeKind, count: number) => {
    const keptDays = Math.round(kinds[kind].keepMs / DAY_MS);
    const nobody = { actorId: null, actorEmail: null };
    await audit.record(
      kind === "quarantine"
        ? { ...nobody, action: "applications.purged", details: { count, retentionDays: keptDays } }
        : { ...nobody, action: "retention.purged", details: { kind, count, retentionDays: keptDays } },
    );
    log.info({ component: "retention", kind, removed: count }, "retention purge");
  };
  for (const kind of PURGE_KINDS) {
    try {
      counts[kind] = await kinds[kind].purge();
      if (counts[kind] > 0) await recordRemoved(kind, counts[kind]);
    } catch (error) {
      log.error({ component: "retention", kind, err: error }, "retention purge failed");
      // What the batches before the failure removed is gone: it is counted and audited all the same.
      if (error instanceof PurgeInterrupted) {
        counts[kind] = error.removed;
        await recordRemoved(kind, error.removed).catch((auditError: unknown) =>
          log.error({ component: "retention", kind, err: auditError }, "retention purge audit failed"),
        );
      }
    }
  }
  return counts;
}
