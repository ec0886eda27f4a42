/**
 * The mail worker: the outbox loop (outbox/worker-loop.ts) over the mail
 * outbox, with the CRM delivery's settings and retry schedule. Each attempt
 * sends the stored message over SMTP with its stored Message-ID; the SMTP
 * answer decides the outcome (transport.ts). At-least-once: a process killed
 * after the SMTP server accepted a message but before it was recorded sends
 * it again, with the same Message-ID.
 */
import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import type { FastifyBaseLogger } from "fastify";
import type { DeliveryConfig } from "../config";
import { createOutboxWorker, type AttemptAnswer, type OutboxWorker } from "../outbox/worker-loop";
import type { Store } from "../store/store";
import { createMailOutboxRepository, MAIL_OUTBOX } from "./outbox-repository";
import { createMailSender, describeSmtpUrl, type MailSender } from "./transport";

export interface MailWorkerOptions {
  store: Store;
  /** Timeouts, lease, schedule and concurrency: the CRM delivery's settings. */
  config: DeliveryConfig;
  smtpUrl: string;
  log: FastifyBaseLogger;
  workerId?: string;
  /** Tests: a sender other than SMTP. */
  sender?: MailSender;
}

/** Started by main.ts when SMTP_URL is set; woken when mail is stored (notifyMailQueued). */
export type MailWorker = OutboxWorker;

/** What an attempt still in flight when a stop runs out of patience comes to. */
const ABORTED: AttemptAnswer<"sent"> = { outcome: "retry", error: "aborted at shutdown" };

/**
 * The send's answer, or ABORTED as soon as `signal` aborts (an SMTP send
 * cannot be called back; the message may still arrive, and is sent again
 * with the same Message-ID).
 */
function unlessAborted(send: Promise<AttemptAnswer<"sent">>, signal: AbortSignal) {
  if (signal.aborted) return Promise.resolve(ABORTED);
  return new Promise<AttemptAnswer<"sent">>((resolve, reject) => {
    const abort = () => resolve(ABORTED);
    signal.addEventListener("abort", abort, { once: true });
    void send.then(resolve, reject).finally(() => signal.removeEventListener("abort", abort));
  });
}

export function createMailWorker(options: MailWorkerOptions): MailWorker {
  const { config } = options;
  const id = options.workerId ?? `${hostname()}:${process.pid}:mail:${randomUUID().slice(0, 8)}`;
  const sender = options.sender ?? createMailSender(options.smtpUrl, config.timeoutMs);
  const worker = createOutboxWorker({
    name: "mail worker",
    outbox: MAIL_OUTBOX,
    id,
    config,
    log: options.log.child({ component: "mail", worker: id }),
    claims: createMailOutboxRepository(options.store),
    attempt: (claim, signal) =>
      unlessAborted(
        sender
          .send(claim)
          .then((sent) => ({ outcome: sent.outcome, code: sent.smtpCode, error: sent.error })),
        signal,
      ),
    describe: (claim) => ({ mailId: claim.id, kind: claim.kind, messageId: claim.messageId }),
    codeField: "smtpCode",
    messages: {
      sent: "e-mail sent",
      retry: "e-mail not sent; will retry",
      dead: "e-mail failed for good; row is dead (redeliver from the desk)",
      unrecorded: "could not record a mail attempt",
      expired: "claim expired before the mail attempt was recorded",
      unclaimed: "could not claim mail outbox rows",
    },
    startFields: { smtp: describeSmtpUrl(options.smtpUrl) },
  });
  return {
    id,
    start: worker.start,
    wake: worker.wake,
    async stop() {
      await worker.stop();
      sender.close();
    },
  };
}
