/**
 * Sending one stored e-mail over SMTP (nodemailer), and what its result means:
 * sent, try again later, or refused for good. Every wait is bounded (connect,
 * greeting, each read or write), so a server that hangs costs one attempt.
 */
import nodemailer from "nodemailer";
import type { NodemailerError } from "nodemailer/lib/errors";
import type { ClaimedMail, MailOutcome } from "./outbox-repository";

export interface SendResult {
  /** sent, or the failure's kind (the worker turns "retry" on the last attempt into "dead"). */
  outcome: MailOutcome;
  smtpCode?: number;
  error?: string;
}

export interface MailSender {
  send(mail: ClaimedMail): Promise<SendResult>;
  close(): void;
}

/** The server, for logs: never the credentials. */
export function describeSmtpUrl(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  return `${url.protocol}//${url.host}`;
}

/**
 * A refused recipient or a refused message (RCPT TO or DATA answered with a
 * permanent 5xx) will be refused again: dead at once. Anything else (no
 * connection, a timeout, a 4xx, a refused sender or log-in, which are ours to
 * fix) is tried again on the schedule.
 */
export function classifySmtpError(error: unknown, timeoutMs: number): SendResult {
  const e = (error ?? {}) as NodemailerError;
  const smtpCode = typeof e.responseCode === "number" ? e.responseCode : undefined;
  let text: string;
  if (e.code === "ETIMEDOUT")
    text = `timeout after ${timeoutMs} ms (${(e.timeoutType ?? "SOCKET_TIMEOUT").toLowerCase()})`;
  else if (e.originalCode) text = `network error: ${e.originalCode}`;
  else if (e.response) text = `SMTP ${e.command ?? ""}: ${e.response}`.replace(/\s+:/, ":");
  else text = e.message ?? String(error);
  const refusedForGood = e.permanent === true && (e.command === "RCPT TO" || e.command === "DATA");
  return { outcome: refusedForGood ? "dead" : "retry", smtpCode, error: text };
}

const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);

export function createMailSender(smtpUrl: string, timeoutMs: number): MailSender {
  const url = new URL(smtpUrl);
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    // Credentials never cross a network in clear: smtp:// with a log-in must
    // upgrade with STARTTLS (`?requireTLS=false` in the URL says otherwise).
    requireTLS: url.protocol === "smtp:" && url.username !== "" && !LOOPBACK.has(url.hostname),
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
    dnsTimeout: timeoutMs,
    // A stored message never reads files or fetches URLs while it is built.
    disableFileAccess: true,
    disableUrlAccess: true,
  });
  return {
    async send(mail) {
      try {
        const info = await transport.sendMail({
          from: mail.from,
          to: mail.to,
          subject: mail.subject,
          html: mail.html,
          text: mail.text,
          headers: mail.headers,
          messageId: mail.messageId,
          // The stored time, so every attempt builds the same message.
          date: mail.createdAt,
        });
        if (info.accepted.length === 0)
          return { outcome: "retry", error: `SMTP: no recipient accepted (${info.response})` };
        return { outcome: "sent", smtpCode: Number(String(info.response).slice(0, 3)) || undefined };
      } catch (error) {
        return classifySmtpError(error, timeoutMs);
      }
    },
    close: () => transport.close(),
  };
}
