/**
 * The mail worker: the outbox loop (outbox/worker-loop.ts) over the mail
 * outbox, with the CRM delivery's settings and retry schedule. Each attempt
 * sends the stored message over SMTP with its stored Message-ID; the SMTP
 * answer decides the outcome (transport.ts). At-least-once: a process killed
 * after the SMTP server accepted a message but before it was recorded sends
 * it again, with the same Message-ID.
 */
import { buildOutboxWorker, type OutboxWorkerSetup } from "../outbox/outbox-worker";
import type { AttemptAnswer, OutboxWorker } from "../outbox/worker-loop";
import { createMailOutboxRepository, MAIL_OUTBOX } from "./outbox-repository";
import { createMailSender, describeSmtpUrl, type MailSender } from "./transport";

export interface MailWorkerOptions extends OutboxWorkerSetup {
  smtpUrl: string;
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
  const sender = options.sender ?? createMailSender(options.smtpUrl, options.config.timeoutMs);
  const worker = buildOutboxWorker(options, {
    name: "mail worker",
    outbox: MAIL_OUTBOX,
    component: "mail",
    idTag: "mail",
    claims: createMailOutboxRepository,
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
    id: worker.id,
    start: worker.start,
    wake: worker.wake,
    async stop() {
      await worker.stop();
      sender.close();
    },
  };
}
