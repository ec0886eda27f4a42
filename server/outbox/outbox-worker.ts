/**
 * How each outbox worker is built (the CRM delivery, the opt-outs to the CRM,
 * the e-mail): from what main.ts and the tests hand every one of them (the
 * store, the delivery settings, the logger, a worker id for tests) and what
 * sets this outbox apart (its name, claims, attempt and log lines), the loop
 * of worker-loop.ts with an id unique to this process and a log that names
 * the component and the worker.
 */
import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import type { FastifyBaseLogger } from "fastify";
import type { DeliveryConfig } from "../config";
import type { Store } from "../store/store";
import {
  createOutboxWorker,
  type ClaimedRow,
  type OutboxClaims,
  type OutboxWorker,
  type OutboxWorkerOptions,
  type RecordedAttempt,
} from "./worker-loop";

/** What every outbox worker is given, besides where it sends (a URL, an SMTP server). */
export interface OutboxWorkerSetup {
  store: Store;
  /** Timeouts, lease, schedule and concurrency: the CRM delivery's settings. */
  config: DeliveryConfig;
  log: FastifyBaseLogger;
  /** Tests: a fixed id; otherwise host, process and a random part. */
  workerId?: string;
}

/** What sets one outbox's worker apart: the loop's options but for the id, settings and log, which the setup gives. */
export interface OutboxWorkerSpec<Done extends string, Claim extends ClaimedRow> extends Omit<
  OutboxWorkerOptions<Done, Claim>,
  "id" | "config" | "log" | "claims" | "onRecorded"
> {
  /** The log's `component` ("delivery", "mail"). */
  component: string;
  /** Written into a generated id after the process ("mail"): `host:pid[:tag]:random`. */
  idTag?: string;
  /** The outbox's claims over the store. */
  claims(store: Store): OutboxClaims<Done, Claim>;
  /** As the loop's `onRecorded`, with the worker's log. */
  onRecorded?: (result: RecordedAttempt<Done>, claim: Claim, log: FastifyBaseLogger) => Promise<unknown>;
}

export function buildOutboxWorker<Done extends string, Claim extends ClaimedRow>(
  setup: OutboxWorkerSetup,
  spec: OutboxWorkerSpec<Done, Claim>,
): OutboxWorker {
  const { component, idTag, claims, onRecorded, ...rest } = spec;
  const tag = idTag ? `${idTag}:` : "";
  const id = setup.workerId ?? `${hostname()}:${process.pid}:${tag}${randomUUID().slice(0, 8)}`;
  const log = setup.log.child({ component, worker: id });
  return createOutboxWorker<Done, Claim>({
    ...rest,
    id,
    config: setup.config,
    log,
    claims: claims(setup.store),
    onRecorded: onRecorded && ((result, claim) => onRecorded(result, claim, log)),
  });
}
