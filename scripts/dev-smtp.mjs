// A local SMTP inbox for development and the browser tests: it accepts every
// message on 127.0.0.1 (no TLS, no log-in), prints each one (headers, links,
// the text part), and keeps them in memory.
//
//   node scripts/dev-smtp.mjs                 # SMTP on 127.0.0.1:2525
//   SMTP_URL=smtp://127.0.0.1:2525 npm start  # in another terminal
//
// SMTP_PORT changes the port. With SMTP_INBOX_HTTP_PORT set it also answers
// GET /messages (every message as JSON, newest last) and GET /health on
// that port; the browser tests read their e-mails there.
import { createServer } from "node:http";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

const smtpPort = Number(process.env.SMTP_PORT ?? 2525);
const httpPort = process.env.SMTP_INBOX_HTTP_PORT ? Number(process.env.SMTP_INBOX_HTTP_PORT) : undefined;
const quiet = process.env.SMTP_INBOX_QUIET === "1";
const messages = [];

function print(message) {
  const lines = [
    `--- ${message.receivedAt} ---------------------------------------------`,
    `From:        ${message.from}`,
    `To:          ${message.to.join(", ")}`,
    `Subject:     ${message.subject}`,
    `Message-ID:  ${message.messageId}`,
    ...Object.entries(message.headers)
      .filter(([name]) => name.startsWith("list-") || name === "auto-submitted")
      .map(([name, value]) => `${`${name}:`.padEnd(12)} ${value}`),
    ...message.links.map((link) => `Link:        ${link}`),
    "",
    message.text.trim(),
    "",
  ];
  console.log(lines.join("\n"));
}

const smtp = new SMTPServer({
  logger: false,
  disabledCommands: ["STARTTLS", "AUTH"],
  authOptional: true,
  banner: "harborline dev inbox",
  onData(stream, _session, callback) {
    simpleParser(stream)
      .then((parsed) => {
        const html = typeof parsed.html === "string" ? parsed.html : "";
        const message = {
          receivedAt: new Date().toISOString(),
          messageId: parsed.messageId ?? "",
          from: parsed.from?.value.map((entry) => entry.address).join(", ") ?? "",
          to: (Array.isArray(parsed.to) ? parsed.to : parsed.to ? [parsed.to] : []).flatMap((group) =>
            group.value.map((entry) => entry.address ?? ""),
          ),
          subject: parsed.subject ?? "",
          headers: Object.fromEntries(
            parsed.headerLines.map(({ key, line }) => [key, line.slice(line.indexOf(":") + 1).trim()]),
          ),
          links: [...html.matchAll(/href="([^"]+)"/g)].map((match) => match[1].replaceAll("&amp;", "&")),
          text: parsed.text ?? "",
          html,
        };
        messages.push(message);
        if (!quiet) print(message);
        callback();
      })
      .catch(callback);
  },
});
smtp.on("error", (error) => console.error(`smtp: ${error.message}`));
smtp.listen(smtpPort, "127.0.0.1", () => {
  if (!quiet) console.log(`Dev inbox: SMTP_URL=smtp://127.0.0.1:${smtpPort}`);
});

if (httpPort !== undefined) {
  createServer((request, response) => {
    if (request.method === "GET" && request.url === "/health") return response.writeHead(200).end("ok");
    if (request.method === "GET" && request.url === "/messages") {
      return response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(messages));
    }
    response.writeHead(404).end();
  }).listen(httpPort, "127.0.0.1");
}
