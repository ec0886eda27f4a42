/**
 * A real SMTP server on loopback for tests (smtp-server), with every message
 * it accepted parsed (mailparser). The test decides each answer: accept,
 * refuse with a reply code, or hang (no greeting, or no answer to DATA).
 */
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer, type SMTPServerSession } from "smtp-server";
import { LoopbackPeer } from "./loopback";

export interface ReceivedMail {
  messageId: string;
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** Header lines by lower-case name, as received (unfolded). */
  headers: Map<string, string>;
  raw: string;
  receivedAt: number;
}

/** What the server does with a connection (before its greeting) or a message (after DATA). */
export type SmtpAnswer = "accept" | "hang" | { code: number; message: string };

const replyError = (code: number, message: string) =>
  Object.assign(new Error(message), { responseCode: code });

function headerLines(parsed: ParsedMail): Map<string, string> {
  const lines = new Map<string, string>();
  for (const { key, line } of parsed.headerLines) lines.set(key, line.slice(line.indexOf(":") + 1).trim());
  return lines;
}

const addresses = (value: ParsedMail["to"]) =>
  (Array.isArray(value) ? value : value ? [value] : []).flatMap((group) =>
    group.value.map((entry) => (entry.address ?? "").toLowerCase()),
  );

export class TestSmtpServer extends LoopbackPeer {
  /** Messages answered 250, in order. */
  readonly accepted: ReceivedMail[] = [];
  /** Every DATA the server received, whatever it answered. */
  readonly received: ReceivedMail[] = [];
  /** Decides what happens when a client connects (default: greet it). */
  onConnection: () => SmtpAnswer = () => "accept";
  /** Decides the answer to each message (default: 250). */
  answer: (mail: ReceivedMail) => SmtpAnswer = () => "accept";
  /** A slow server: each answer to DATA comes this late. */
  answerDelayMs = 0;

  get url() {
    return `smtp://127.0.0.1:${this.port}`;
  }

  protected createServer() {
    const server = new SMTPServer({
      logger: false,
      disabledCommands: ["STARTTLS", "AUTH"],
      authOptional: true,
      banner: "test smtp",
      onConnect: (_session: SMTPServerSession, callback) => {
        const answer = this.onConnection();
        if (answer === "hang") return; // no greeting: the client's greeting timeout ends it
        if (answer === "accept") return callback();
        callback(replyError(answer.code, answer.message));
      },
      onData: (stream, _session, callback) => {
        const chunks: Buffer[] = [];
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        stream.on("end", async () => {
          const raw = Buffer.concat(chunks).toString("utf8");
          const parsed = await simpleParser(raw);
          const mail: ReceivedMail = {
            messageId: parsed.messageId ?? "",
            from: parsed.from?.value[0]?.address ?? "",
            to: addresses(parsed.to),
            subject: parsed.subject ?? "",
            text: parsed.text ?? "",
            html: typeof parsed.html === "string" ? parsed.html : "",
            headers: headerLines(parsed),
            raw,
            receivedAt: Date.now(),
          };
          this.received.push(mail);
          const answer = this.answer(mail);
          if (answer === "hang") return;
          const reply = () => {
            if (answer === "accept") {
              this.accepted.push(mail);
              return callback(null, "OK: queued");
            }
            callback(replyError(answer.code, answer.message));
          };
          if (this.answerDelayMs > 0) setTimeout(reply, this.answerDelayMs);
          else reply();
        });
      },
    });
    server.on("error", () => undefined);
    return server.server;
  }

  /** Accepted messages per Message-ID. */
  acceptedCounts(): Map<string, number> {
    const counts = new Map<string, number>();
    for (const mail of this.accepted) counts.set(mail.messageId, (counts.get(mail.messageId) ?? 0) + 1);
    return counts;
  }

  /** Accepted messages to one address. */
  to(address: string): ReceivedMail[] {
    return this.accepted.filter((mail) => mail.to.includes(address.toLowerCase()));
  }
}
