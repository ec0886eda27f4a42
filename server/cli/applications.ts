/**
 * The operator CLI: `npm run applications -- <command>`. Same configuration and store
 * as the server (DATA_DIR or DATABASE_URL). See docs/operator-guide.md, "Operator CLI".
 */
import { realpathSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { stringify } from "csv-stringify/sync";
import pino from "pino";
import { ConfigError, loadConfig, type Config } from "../config";
import { csvOptions } from "../desk/exports/csv";
import { createMailOutboxRepository, MAIL_STATUSES } from "../mail/outbox-repository";
import { DataDirBusyError, openRuntime } from "../runtime";
import { createNewsletterRepository } from "../newsletter/newsletter-repository";
import type { Store } from "../store/store";
import { RATINGS_USAGE, RatingsUsageError, runRatingsCommand } from "./ratings";
import { runStaffCommand, STAFF_USAGE, StaffUsageError } from "./staff";
import { APPLICATION_STATES, DELIVERY_STATES } from "#domain/desk/contract";
import { DUE_VIEWS, WORK_STATUSES, type DueView, type WorkStatus } from "#domain/desk/work";
import { createOperatorRepository, type OperatorRepository } from "./operator-repository";

export const USAGE = `Usage: npm run applications -- <command> [options]

Commands:
  list [--limit N] [--status S]     recent applications (S: ${[...APPLICATION_STATES, ...DELIVERY_STATES].join(", ")})
       [--work W] [--due D]         of one work status (W: ${WORK_STATUSES.join(", ")}); or the review
                                    clock's (D: ${DUE_VIEWS.join(", ")}), least time left first
  show <id>                         one application (id or submission id), its consent record and delivery attempts
  export applications|consents|newsletter [--out file.csv]
                                    CSV to stdout, or to a file
  stats                             delivery counts by status, oldest waiting, attempts, dead rows, e-mails by status
  redeliver <id> [--force]          back to pending, due now (--force: also a delivered one)
  redeliver --all-dead              every dead row back to pending
${STAFF_USAGE}
${RATINGS_USAGE}

Options:
  --json                            machine-readable output
  -h, --help                        this text

Environment: DATABASE_URL (PostgreSQL) or DATA_DIR (embedded store; the server must be stopped).`;

export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  env: Record<string, string | undefined>;
}

class UsageError extends Error {}

const shorten = (value: unknown, max = 40) => {
  const text = value === null || value === undefined ? "" : String(value);
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
};

/** A plain text table: a header row, then the rows, columns padded. */
export function table(rows: Record<string, unknown>[], columns: string[], max = 40): string {
  const cells = rows.map((row) => columns.map((column) => shorten(row[column], max)));
  const widths = columns.map((column, i) => Math.max(column.length, ...cells.map((row) => row[i].length)));
  const line = (values: string[]) =>
    values
      .map((value, i) => value.padEnd(widths[i]))
      .join("  ")
      .trimEnd();
  return [line(columns), line(widths.map((width) => "-".repeat(width))), ...cells.map(line)].join("\n");
}

const keyValues = (record: Record<string, unknown>) => {
  const width = Math.max(...Object.keys(record).map((key) => key.length));
  return Object.entries(record)
    .map(
      ([key, value]) =>
        `  ${key.padEnd(width)}  ${value === null || value === undefined ? "" : typeof value === "object" ? JSON.stringify(value) : String(value)}`,
    )
    .join("\n");
};

async function run(
  command: string,
  args: string[],
  values: Record<string, unknown>,
  repo: OperatorRepository,
  io: CliIo,
  store: Store,
  review: Config["review"],
): Promise<number> {
  const json = Boolean(values.json);
  const out = (data: unknown, text: () => string): number => {
    io.stdout(json ? JSON.stringify(data, null, 2) : text());
    return 0;
  };

  switch (command) {
    case "list": {
      const limit = values.limit === undefined ? 20 : Number(values.limit);
      if (!Number.isInteger(limit) || limit < 1)
        throw new UsageError("--limit must be a positive whole number");
      const status = values.status as string | undefined;
      if (status && ![...APPLICATION_STATES, ...DELIVERY_STATES].includes(status as never)) {
        throw new UsageError(
          `--status must be one of ${[...APPLICATION_STATES, ...DELIVERY_STATES].join(", ")}`,
        );
      }
      const work = values.work as string | undefined;
      if (work && !WORK_STATUSES.includes(work as WorkStatus))
        throw new UsageError(`--work must be one of ${WORK_STATUSES.join(", ")}`);
      const due = values.due as string | undefined;
      if (due && !DUE_VIEWS.includes(due as DueView))
        throw new UsageError(`--due must be one of ${DUE_VIEWS.join(", ")}`);
      const rows = await repo.list({
        limit,
        status,
        work: work as WorkStatus | undefined,
        due: due as DueView | undefined,
        dueSoonMs: review.dueSoonMs,
      });
      return out(rows, () =>
        rows.length === 0
          ? "No applications."
          : table(rows, [
              "id",
              "submitted_at",
              "status",
              "company_name",
              "name",
              "email",
              "funding_amount",
              "delivery",
              "attempts",
              "work_status",
              "review_due_at",
            ]),
      );
    }
    case "show": {
      const id = args[0];
      if (!id) throw new UsageError("show needs an application id");
      const found = await repo.show(id);
      if (!found) {
        io.stderr(`No application ${id}.`);
        return 1;
      }
      return out(found, () =>
        [
          `Application ${found.application.id}`,
          keyValues(
            Object.fromEntries(Object.entries(found.application).filter(([key]) => key !== "payload")),
          ),
          "",
          "Consent record",
          found.consent ? keyValues(found.consent) : "  (none)",
          "",
          "Delivery",
          found.delivery ? keyValues(found.delivery) : "  (not delivered: quarantined)",
          "",
          `Delivery attempts (${found.attempts.length})`,
          found.attempts.length
            ? table(
                found.attempts,
                ["attempt", "attempted_at", "status_code", "outcome", "duration_ms", "error"],
                80,
              )
            : "  (none yet)",
        ].join("\n"),
      );
    }
    case "export": {
      const kind = args[0];
      if (kind !== "applications" && kind !== "consents" && kind !== "newsletter") {
        throw new UsageError("export needs applications, consents or newsletter");
      }
      // The newsletter list is its confirmed addresses: the ones that may be mailed.
      const rows =
        kind === "newsletter"
          ? await createNewsletterRepository(store).exportConfirmed()
          : await repo.exportRows(kind);
      // The desk's CSV rules: formula-like cells neutralised for spreadsheets.
      const csv = stringify(rows, csvOptions(rows.length ? Object.keys(rows[0]) : undefined));
      if (values.out) {
        writeFileSync(String(values.out), csv);
        io.stderr(`Wrote ${rows.length} ${kind} rows to ${values.out}`);
      } else io.stdout(csv.trimEnd());
      return 0;
    }
    case "stats": {
      const stats = {
        ...(await repo.stats()),
        mail: await createMailOutboxRepository(store).countByStatus(),
      };
      return out(stats, () =>
        [
          `Applications      ${stats.applications.total} (quarantined ${stats.applications.quarantined})`,
          `Delivery          ${DELIVERY_STATES.map((status) => `${status} ${stats.delivery[status]}`).join(", ")}`,
          `Oldest waiting    ${stats.oldestWaiting ? `${stats.oldestWaiting.since} (${stats.oldestWaiting.applicationId})` : "none"}`,
          `Attempts          ${stats.attempts.total} (failed ${stats.attempts.failed}, last ${stats.attempts.last ?? "never"})`,
          `Dead              ${stats.dead}${stats.dead ? " (npm run applications -- redeliver --all-dead)" : ""}`,
          `Newsletter        ${stats.newsletterSubscribers} subscribed (confirmed)`,
          `E-mail            ${MAIL_STATUSES.map((status) => `${status} ${stats.mail[status]}`).join(", ")}`,
        ].join("\n"),
      );
    }
    case "redeliver": {
      let ids: string[];
      if (values["all-dead"]) ids = await repo.redeliver({ allDead: true });
      else {
        if (!args[0]) throw new UsageError("redeliver needs an application id, or --all-dead");
        ids = await repo.redeliver({ id: args[0], force: Boolean(values.force) });
        if (ids.length === 0) {
          io.stderr(
            `Nothing to redeliver for ${args[0]}: unknown, quarantined, being sent, or already delivered (--force).`,
          );
          return 1;
        }
      }
      return out({ redelivered: ids }, () =>
        ids.length
          ? `Queued for delivery again (${ids.length}):\n${ids.map((id) => `  ${id}`).join("\n")}`
          : "No dead rows.",
      );
    }
    default:
      throw new UsageError(`Unknown command: ${command}`);
  }
}

export async function runApplicationsCli(argv: string[], io: CliIo): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        json: { type: "boolean" },
        limit: { type: "string" },
        status: { type: "string" },
        work: { type: "string" },
        due: { type: "string" },
        out: { type: "string" },
        "all-dead": { type: "boolean" },
        force: { type: "boolean" },
        role: { type: "string" },
        source: { type: "string" },
        help: { type: "boolean", short: "h" },
      },
    });
  } catch (error) {
    io.stderr(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  const [command, ...args] = parsed.positionals;
  if (parsed.values.help || !command || command === "help") {
    io.stdout(USAGE);
    return command || parsed.values.help ? 0 : 2;
  }

  let config;
  try {
    config = loadConfig(io.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      io.stderr(error.message);
      return 2;
    }
    throw error;
  }
  const log = pino({ level: "warn" }, pino.destination(2));
  let runtime;
  try {
    runtime = await openRuntime(config, log, "the operator CLI");
  } catch (error) {
    if (error instanceof DataDirBusyError) {
      io.stderr(error.message);
      return 1;
    }
    throw error;
  }
  try {
    const code =
      command === "staff"
        ? await runStaffCommand(args, parsed.values, runtime.store, config, io)
        : command === "ratings"
          ? await runRatingsCommand(args, parsed.values, runtime.store, io)
          : await run(
              command,
              args,
              parsed.values,
              createOperatorRepository(runtime.store),
              io,
              runtime.store,
              config.review,
            );
    // The embedded store does not fsync by itself; make the operator's changes durable.
    if (command === "redeliver" || command === "staff" || command === "ratings")
      await runtime.store.syncToDisk();
    return code;
  } catch (error) {
    if (
      error instanceof UsageError ||
      error instanceof StaffUsageError ||
      error instanceof RatingsUsageError
    ) {
      io.stderr(`${error.message}\n\n${USAGE}`);
      return 2;
    }
    throw error;
  } finally {
    await runtime.close();
  }
}

/**
 * Run as a program, not imported. Node loads the main module by its real path
 * (`import.meta.url`), so compare with the real path of what was run: a path
 * through a symlink (a node_modules that links elsewhere, where the tests
 * bundle this file) would otherwise never match, and the CLI would exit 0
 * having done and printed nothing.
 */
const isMain = (argv1: string | undefined) => {
  if (!argv1) return false;
  try {
    return import.meta.url === pathToFileURL(realpathSync(argv1)).href;
  } catch {
    return false;
  }
};

if (isMain(process.argv[1])) {
  process.exitCode = await runApplicationsCli(process.argv.slice(2), {
    stdout: (text) => process.stdout.write(`${text}\n`),
    stderr: (text) => process.stderr.write(`${text}\n`),
    env: process.env,
  });
}
