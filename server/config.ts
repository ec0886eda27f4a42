/**
 * The server's configuration, read from the environment once at start-up and
 * validated, so a bad value stops the server with a message naming the key.
 */
import { join, resolve } from "node:path";
import { z } from "zod";
import {
  DEFAULT_MAIL_FROM,
  DEFAULT_MARKETING_FROM,
  addressListSetting,
  addressOf,
  mailboxSetting,
} from "./mail/addresses";
import { calendarDay, canonicalTimeZone } from "./desk/zoned-day";
import { webhookSecret, webhookToken } from "./inbound/settings";
import { parseBusinessHours } from "./review-clock/business-hours";
import { parseMasterKey, parseMasterKeyList } from "./documents/master-key";

export type TrustProxy = boolean | number | string;

export class ConfigError extends Error {
  constructor(readonly problems: Record<string, string>) {
    const lines = Object.entries(problems).map(([key, problem]) => `  ${key}: ${problem}`);
    super(`Invalid configuration:\n${lines.join("\n")}`);
    this.name = "ConfigError";
  }
}

// An empty variable means "not set", as in most shells' `FOO= npm start`.
const unsetIfEmpty = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === "" ? undefined : value), schema);

const httpUrl = z.url({ protocol: /^https?$/, error: "must be an http(s) URL" });

const integer = (min: number, max: number) =>
  z.coerce
    .number({ error: "must be a whole number" })
    .int({ error: "must be a whole number" })
    .min(min, { error: `must be at least ${min}` })
    .max(max, { error: `must be at most ${max}` });

const UNITS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, min: 60_000, h: 3_600_000, d: 86_400_000 };

/** "60000", "60s", "1m", "1h", "30d" -> milliseconds. */
const duration = z.string().transform((value, ctx) => {
  const match = /^(\d+)\s*(ms|s|m|min|h|d)?$/.exec(value.trim());
  const ms = match ? Number(match[1]) * UNITS[match[2] ?? "ms"] : NaN;
  if (!(ms > 0)) {
    ctx.addIssue({
      code: "custom",
      message: 'must be a duration such as "60000", "60s", "1m", "1h" or "30d"',
    });
    return z.NEVER;
  }
  return ms;
});

const DAY_MS = 86_400_000;

/** A retention period: whole days and at least one ("30" alone would be 30 ms and purge at once). */
const retentionPeriod = (days: number) =>
  duration
    .refine((ms) => ms >= DAY_MS, { error: 'must be at least a day, such as "30d"' })
    .default(days * DAY_MS);

/** Fastify's trustProxy: true/false, a hop count, or a list of addresses/CIDRs. */
const trustProxy = z.string().transform((value): TrustProxy => {
  const text = value.trim().toLowerCase();
  if (["", "false", "0", "no", "off"].includes(text)) return false;
  if (["true", "yes", "on"].includes(text)) return true;
  if (/^\d+$/.test(text)) return Number(text);
  return value.trim();
});

/** An IANA time zone name ("America/New_York"), as Intl knows it. */
const timeZone = z.string().transform((value, ctx) => {
  const zone = canonicalTimeZone(value.trim());
  if (zone) return zone;
  ctx.addIssue({
    code: "custom",
    message: 'must be an IANA time zone name such as "America/New_York" or "UTC"',
  });
  return z.NEVER;
});

/** REVIEW_BUSINESS_HOURS: checked here, read by the review clock (review-clock/business-hours.ts). */
const businessHours = z.string().transform((value, ctx) => {
  const parsed = parseBusinessHours(value.trim());
  if (!("error" in parsed)) return value.trim();
  ctx.addIssue({ code: "custom", message: parsed.error });
  return z.NEVER;
});

/** REVIEW_HOLIDAYS: "2026-12-25, 2027-01-01", days of the calendar. */
const holidayList = z.string().transform((value, ctx) => {
  const days = value
    .split(",")
    .map((day) => day.trim())
    .filter(Boolean);
  const wrong = days.find((day) => !calendarDay.safeParse(day).success);
  if (wrong === undefined) return [...new Set(days)].sort();
  ctx.addIssue({
    code: "custom",
    message: `"${wrong}" is not a date (a comma-separated list of YYYY-MM-DD)`,
  });
  return z.NEVER;
});

const BYTE_UNITS: Record<string, number> = { b: 1, kb: 1e3, mb: 1e6, gb: 1e9 };

/** "25MB", "250 MB", "1GB", "500000" -> bytes (decimal units, as the room states them). */
const byteSize = z.string().transform((value, ctx) => {
  const match = /^(\d+)\s*(b|kb|mb|gb)?$/i.exec(value.trim());
  const bytes = match ? Number(match[1]) * BYTE_UNITS[(match[2] ?? "b").toLowerCase()] : NaN;
  if (!(bytes > 0)) {
    ctx.addIssue({ code: "custom", message: 'must be a size such as "25MB", "500KB" or "1GB"' });
    return z.NEVER;
  }
  return bytes;
});

/** A documents master key (base64 of 32 bytes), checked by server/documents/master-key.ts. */
const masterKeyText = z.string().transform((value, ctx) => {
  try {
    parseMasterKey(value);
    return value.trim();
  } catch (error) {
    ctx.addIssue({ code: "custom", message: (error as Error).message.replace(/^DOCUMENTS_MASTER_KEY /, "") });
    return z.NEVER;
  }
});

/** Comma-separated master keys, each checked. */
const masterKeyList = z.string().transform((value, ctx) => {
  try {
    parseMasterKeyList(value);
    return value.trim();
  } catch (error) {
    ctx.addIssue({
      code: "custom",
      message: (error as Error).message.replace(
        /^DOCUMENTS_PREVIOUS_MASTER_KEYS must be/,
        "each key must be",
      ),
    });
    return z.NEVER;
  }
});

const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

/**
 * One setting, written once: the environment variable it is read from and its
 * schema (its default included); the field it fills is its key in a section
 * below, with the comment a reader sees on `Config`.
 */
type Setting = readonly [variable: string, schema: z.ZodType];
type Settings = Record<string, Setting>;
type Read<S extends Settings> = { -readonly [K in keyof S]: z.output<S[K][1]> };

const SERVER = {
  port: ["PORT", integer(0, 65535).default(3000)],
  host: ["HOST", z.string().default("0.0.0.0")],
  /** Resolved to an absolute path when read. */
  dataDir: ["DATA_DIR", z.string().default("./data")],
  /** PostgreSQL when set; otherwise PGlite in `<dataDir>/pglite`. */
  databaseUrl: [
    "DATABASE_URL",
    z.url({ protocol: /^postgres(ql)?$/, error: "must be a postgres:// URL" }).optional(),
  ],
  /** The CRM webhook the delivery worker posts to; applications wait while unset. */
  leadWebhookUrl: ["LEAD_WEBHOOK_URL", httpUrl.optional()],
  /** The CRM's URL for opt-outs (docs/crm-opt-outs.md); unset: they are stored and wait. */
  optOutWebhookUrl: ["CRM_OPT_OUT_URL", httpUrl.optional()],
  /** The CRM's URL for accepted documents (docs/delivery.md); unset: they are stored and wait. */
  documentWebhookUrl: ["CRM_DOCUMENT_URL", httpUrl.optional()],
  bookingUrl: ["BOOKING_URL", httpUrl.optional()],
  trustProxy: ["TRUST_PROXY", trustProxy.default(false)],
  logLevel: [
    "LOG_LEVEL",
    z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(", ")}` }).default("info"),
  ],
  /** The fsync'd intake journal in front of PGlite (always off on PostgreSQL). */
  intakeJournal: [
    "INTAKE_JOURNAL",
    z
      .enum(["on", "off"], { error: 'must be "on" or "off"' })
      .default("on")
      .transform((value) => value === "on"),
  ],
} as const satisfies Settings;

/** Where the site is and what is served: read into `siteUrl`, `clientDir` and `deskDir`. */
const PLACES = {
  siteUrl: ["SITE_URL", httpUrl.optional()],
  buildDir: ["RR_BUILD_DIR", z.string().optional()],
  clientDir: ["CLIENT_DIR", z.string().optional()],
  deskDir: ["DESK_DIR", z.string().optional()],
} as const satisfies Settings;

const RATE_LIMIT = {
  max: ["RATE_LIMIT_MAX", integer(1, 1_000_000).default(10)],
  windowMs: ["RATE_LIMIT_WINDOW", duration.default(60_000)],
} as const satisfies Settings;

const DELIVERY = {
  /** Per attempt (connect + response). */
  timeoutMs: ["DELIVERY_TIMEOUT_MS", integer(50, 300_000).default(10_000)],
  /** A claim's lease; an expired lease makes the row claimable again. Unset: six attempts' time, at least a minute. */
  leaseMs: ["DELIVERY_LEASE_MS", integer(100, 3_600_000).optional()],
  /** The first retry delay; later ones follow the schedule in outbox/retry-schedule.ts. */
  backoffBaseMs: ["DELIVERY_BACKOFF_BASE_MS", integer(1, 3_600_000).default(10_000)],
  /** No single delay is longer than this. */
  backoffMaxMs: ["DELIVERY_BACKOFF_MAX_MS", integer(1, 86_400_000).default(8 * 3_600_000)],
  /** After this many attempts the row is dead. */
  maxAttempts: ["DELIVERY_MAX_ATTEMPTS", integer(1, 100).default(12)],
  /** How often an idle worker looks for due rows (retries, other instances' rows). */
  pollMs: ["DELIVERY_POLL_MS", integer(10, 600_000).default(5_000)],
  /** Deliveries in flight per process. */
  concurrency: ["DELIVERY_CONCURRENCY", integer(1, 256).default(8)],
} as const satisfies Settings;

/** The lead desk's sign-in (server/desk/auth). */
const DESK = {
  /** How long an invitation link works. */
  inviteTtlMs: ["DESK_INVITE_TTL", duration.default(24 * 3_600_000)],
  /** A session not used for this long ends. */
  sessionIdleMs: ["DESK_SESSION_IDLE", duration.default(30 * 60_000)],
  /** A session ends this long after sign-in, however busy. */
  sessionMaxMs: ["DESK_SESSION_MAX", duration.default(12 * 3_600_000)],
  /** The provider's IANA time zone: the desk's times and its day filters (server/desk/zoned-day.ts). */
  timeZone: ["DESK_TIME_ZONE", timeZone.default("America/New_York")],
  /** The live inbox's stream: a heartbeat this often, and the session checked again (server/desk/live). */
  liveHeartbeatMs: ["DESK_LIVE_HEARTBEAT", duration.default(25_000)],
  /** Each sign-in step (password, code) per IP per RATE_LIMIT_WINDOW, over all instances. */
  signInRateLimitMax: ["DESK_SIGN_IN_RATE_LIMIT_MAX", integer(1, 10_000_000).default(60)],
} as const satisfies Settings;

/** E-mail (server/mail): the SMTP server, the senders, who gets the staff alerts. */
const MAIL = {
  /** smtp:// or smtps://, credentials in the URL; unset: e-mails are stored and wait. */
  smtpUrl: [
    "SMTP_URL",
    z.url({ protocol: /^smtps?$/, hostname: /./, error: "must be an smtp:// or smtps:// URL" }).optional(),
  ],
  /** Transactional mail (receipts, alerts), "Name <address>". */
  from: ["MAIL_FROM", mailboxSetting.default(DEFAULT_MAIL_FROM)],
  /** Newsletter mail: a different address from `from`, as mailbox providers ask. */
  marketingFrom: ["MAIL_MARKETING_FROM", mailboxSetting.default(DEFAULT_MARKETING_FROM)],
  /** New-application and CRM delivery alerts go to these; none: no alerts. */
  staffAlertEmails: ["STAFF_ALERT_EMAILS", addressListSetting.default([])],
  /** Failed CRM attempts in a row before the "delivery failing" alert. */
  alertFailingAfter: ["ALERT_FAILING_AFTER", integer(1, 1000).default(4)],
  /** After a "recovered" alert, further delivery alerts are held this long and then summarised (ms). */
  alertCooldownMs: ["ALERT_COOLDOWN", duration.default(3_600_000)],
} as const satisfies Settings;

/** The site's own analytics (server/analytics). */
const ANALYTICS = {
  /** Raw events are deleted this long after they happened; daily roll-ups stay. */
  retentionMs: ["ANALYTICS_RETENTION", duration.default(90 * 86_400_000)],
  /** POST /api/events per IP per RATE_LIMIT_WINDOW (a page sends a few batches). */
  rateLimitMax: ["ANALYTICS_RATE_LIMIT_MAX", integer(1, 10_000_000).default(300)],
} as const satisfies Settings;

/** The review clock (server/review-clock): the promise the site makes, kept and shown. */
const REVIEW = {
  /** The promised review window: received plus this is the deadline (counted in business hours when set). */
  windowMs: ["REVIEW_WINDOW", duration.default(24 * 3_600_000)],
  /**
   * The promised decision window: documents complete plus this is the decision's deadline (counted
   * with the same business hours and holidays).
   */
  decisionWindowMs: ["DECISION_WINDOW", duration.default(48 * 3_600_000)],
  /** "Mon-Fri 09:00-17:00" in DESK_TIME_ZONE; unset: the clock runs around the clock. */
  businessHours: ["REVIEW_BUSINESS_HOURS", businessHours.optional()],
  /** Days the clock stands still (YYYY-MM-DD, in DESK_TIME_ZONE). */
  holidays: ["REVIEW_HOLIDAYS", holidayList.default([])],
  /** Untouched and due within this: "due soon", and the owner is reminded. */
  dueSoonMs: ["REVIEW_DUE_SOON", duration.default(4 * 3_600_000)],
  /** At most one reminder or overdue alert per person per this. */
  alertIntervalMs: ["REVIEW_ALERT_INTERVAL", duration.default(30 * 60_000)],
} as const satisfies Settings;

/**
 * The claims (server/claims, docs/claims.md): the computed claims' schedule, the owners' e-mails and
 * the state file the build reads.
 */
const CLAIMS = {
  /** How often the computed claims are counted again from our records (one instance computes, the others find it done). */
  computeEveryMs: ["CLAIMS_COMPUTE_EVERY", duration.default(3_600_000)],
  /** An owner is e-mailed once when a claim's review-by day is this many days away or nearer. */
  noticeDays: ["CLAIMS_NOTICE_DAYS", integer(1, 365).default(14)],
  /** How often each instance looks for claims to tell their owners of (and writes the state file). */
  checkEveryMs: ["CLAIMS_CHECK_EVERY", duration.default(3_600_000)],
  /** Where the server writes what the build needs of the claims; default <DATA_DIR>/claims-state.json. */
  stateFile: ["CLAIMS_STATE_FILE", z.string().optional()],
} as const satisfies Settings;

/**
 * The signed inbound webhooks (server/inbound): the CRM's stage reports and
 * opt-outs, the booking service's booked calls, the texting platform's STOP replies.
 * Secrets are Standard Webhooks secrets ("whsec_…"), tokens fixed-header tokens for
 * senders that cannot sign; unset: that source's requests of that kind are refused.
 */
const INBOUND = {
  crmSecret: ["CRM_WEBHOOK_SECRET", webhookSecret.optional()],
  crmToken: ["CRM_WEBHOOK_TOKEN", webhookToken.optional()],
  bookingSecret: ["BOOKING_WEBHOOK_SECRET", webhookSecret.optional()],
  bookingToken: ["BOOKING_WEBHOOK_TOKEN", webhookToken.optional()],
  smsSecret: ["SMS_WEBHOOK_SECRET", webhookSecret.optional()],
  smsToken: ["SMS_WEBHOOK_TOKEN", webhookToken.optional()],
  /** Events older or newer than this (by their timestamp) are refused as stale. */
  toleranceMs: ["INBOUND_TOLERANCE", duration.default(5 * 60_000)],
} as const satisfies Settings;

/**
 * What is kept and for how long (docs/retention.md): the purge (server/retention)
 * removes each kind of data this long after its time, skipping legal holds.
 */
const RETENTION = {
  /** Applications that never went further (new, or closed other than funded), this long after anything was done to them. */
  applicationsMs: ["APPLICATION_RETENTION", retentionPeriod(730)],
  /** Quarantined applications, this long after their quarantine. */
  quarantineMs: ["QUARANTINE_RETENTION", retentionPeriod(30)],
  /** A sent e-mail's body is blanked this long after it was sent; the fact it was sent stays. */
  mailBodiesMs: ["MAIL_BODY_RETENTION", retentionPeriod(90)],
  /** Audit log entries, this long after they were written. */
  auditMs: ["AUDIT_RETENTION", retentionPeriod(730)],
  /** Desk sessions, this long after they expired. */
  sessionsMs: ["SESSION_RETENTION", retentionPeriod(30)],
  /** Consent records are evidence this long after consent was given: never purged before. */
  consentEvidenceMs: ["CONSENT_EVIDENCE_RETENTION", retentionPeriod(5 * 365 + 1)],
  /** How often every instance runs the purge. */
  everyMs: ["RETENTION_PURGE_EVERY", duration.default(3_600_000)],
  /** Rows per statement. */
  batchSize: ["RETENTION_BATCH", integer(1, 10_000).default(500)],
} as const satisfies Settings;

/** The applicant's document room (server/documents; decisions 0019 to 0021). */
const DOCUMENTS = {
  /** Checked; unset: the embedded default keeps its own, PostgreSQL has none (documents off). */
  masterKey: ["DOCUMENTS_MASTER_KEY", masterKeyText.optional()],
  /** Checked: keys still read until a re-wrap pass moves their documents on. */
  previousMasterKeys: ["DOCUMENTS_PREVIOUS_MASTER_KEYS", masterKeyList.default("")],
  /** One file at most this many bytes. */
  maxFileBytes: ["DOCUMENTS_MAX_FILE_SIZE", byteSize.default(25e6)],
  /** One application's files together at most this many bytes. */
  maxApplicationBytes: ["DOCUMENTS_MAX_APPLICATION_SIZE", byteSize.default(250e6)],
} as const satisfies Settings;

/** clamd's socket, or its host and port: read into `documents.clamd`. */
const CLAMD = {
  socket: ["CLAMD_SOCKET", z.string().optional()],
  host: ["CLAMD_HOST", z.string().optional()],
  port: ["CLAMD_PORT", integer(1, 65535).default(3310)],
} as const satisfies Settings;

export type DeliveryConfig = Read<typeof DELIVERY> & { leaseMs: number };
export type DeskConfig = Read<typeof DESK>;
export type MailConfig = Read<typeof MAIL>;
export type AnalyticsConfig = Read<typeof ANALYTICS>;
export type ReviewConfig = Read<typeof REVIEW>;
export type InboundConfig = Read<typeof INBOUND>;
export type ClaimsConfig = Omit<Read<typeof CLAIMS>, "stateFile"> & { stateFile: string };
export type RetentionConfig = Read<typeof RETENTION>;
export type DocumentsConfig = Read<typeof DOCUMENTS> & {
  /** clamd's socket, or its host and port; unset: files are stored and marked "not scanned". */
  clamd: { socket: string } | { host: string; port: number } | undefined;
};

export type Config = Read<typeof SERVER> & {
  siteUrl: string;
  /** The prerendered site (`<build>/client`). */
  clientDir: string;
  /** The lead desk's client-rendered app (`<build>/desk`), served under /desk. */
  deskDir: string;
  rateLimit: Read<typeof RATE_LIMIT>;
  delivery: DeliveryConfig;
  desk: DeskConfig;
  mail: MailConfig;
  analytics: AnalyticsConfig;
  review: ReviewConfig;
  claims: ClaimsConfig;
  inbound: InboundConfig;
  retention: RetentionConfig;
  documents: DocumentsConfig;
};

/** Every variable the server reads, each once (for the documentation's check and the tests). */
export const SETTING_VARIABLES = [
  SERVER,
  PLACES,
  RATE_LIMIT,
  DELIVERY,
  DESK,
  MAIL,
  ANALYTICS,
  REVIEW,
  CLAIMS,
  INBOUND,
  RETENTION,
  DOCUMENTS,
  CLAMD,
].flatMap((section) => Object.values(section).map(([variable]) => variable));

/** Reads a section's settings from `env`, a problem per variable into `problems`. */
function read<S extends Settings>(
  env: Record<string, string | undefined>,
  section: S,
  problems: Record<string, string>,
): Read<S> {
  const values: Record<string, unknown> = {};
  for (const [field, [variable, schema]] of Object.entries(section)) {
    const parsed = unsetIfEmpty(schema).safeParse(env[variable]);
    if (parsed.success) values[field] = parsed.data;
    else problems[variable] ??= parsed.error.issues[0]?.message ?? "is not valid";
  }
  return values as Read<S>;
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const problems: Record<string, string> = {};
  const server = read(env, SERVER, problems);
  const places = read(env, PLACES, problems);
  const rateLimit = read(env, RATE_LIMIT, problems);
  const delivery = read(env, DELIVERY, problems);
  const desk = read(env, DESK, problems);
  const mail = read(env, MAIL, problems);
  const analytics = read(env, ANALYTICS, problems);
  const review = read(env, REVIEW, problems);
  const claims = read(env, CLAIMS, problems);
  const inbound = read(env, INBOUND, problems);
  const retention = read(env, RETENTION, problems);
  const documents = read(env, DOCUMENTS, problems);
  const clamd = read(env, CLAMD, problems);
  if (Object.keys(problems).length > 0) throw new ConfigError(problems);

  // A live worker must never lose its claim while it waits for the CRM.
  const leaseMs = delivery.leaseMs ?? Math.max(60_000, delivery.timeoutMs * 6);
  if (leaseMs < delivery.timeoutMs * 2) {
    throw new ConfigError({
      DELIVERY_LEASE_MS: `must be at least twice DELIVERY_TIMEOUT_MS (${delivery.timeoutMs * 2})`,
    });
  }
  // Newsletter and transactional mail from one address would share one reputation.
  if (addressOf(mail.marketingFrom) === addressOf(mail.from)) {
    throw new ConfigError({ MAIL_MARKETING_FROM: "must be a different address from MAIL_FROM" });
  }
  if (documents.maxApplicationBytes < documents.maxFileBytes) {
    throw new ConfigError({ DOCUMENTS_MAX_APPLICATION_SIZE: "must be at least DOCUMENTS_MAX_FILE_SIZE" });
  }
  if (clamd.socket && clamd.host) {
    throw new ConfigError({ CLAMD_HOST: "set CLAMD_SOCKET or CLAMD_HOST, not both" });
  }
  const buildDir = places.buildDir ?? "build";
  return {
    ...server,
    dataDir: resolve(server.dataDir),
    // Same default as the build (scripts/public-env.mjs), so canonical URLs agree.
    siteUrl: (places.siteUrl ?? `http://localhost:${server.port}`).replace(/\/+$/, ""),
    clientDir: resolve(places.clientDir ?? join(buildDir, "client")),
    deskDir: resolve(places.deskDir ?? join(buildDir, "desk")),
    rateLimit,
    delivery: { ...delivery, leaseMs },
    desk,
    mail,
    analytics,
    review,
    // The same default as the build's (scripts/public-env.mjs claimsStateFile).
    claims: { ...claims, stateFile: resolve(claims.stateFile ?? join(server.dataDir, "claims-state.json")) },
    inbound,
    retention,
    documents: {
      ...documents,
      clamd: clamd.socket
        ? { socket: clamd.socket }
        : clamd.host
          ? { host: clamd.host, port: clamd.port }
          : undefined,
    },
  };
}
