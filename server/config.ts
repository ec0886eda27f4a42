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

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL when set; otherwise PGlite in `<dataDir>/pglite`. */
  databaseUrl: string | undefined;
  /** The CRM webhook the delivery worker posts to; applications wait while unset. */
  leadWebhookUrl: string | undefined;
  /** The CRM's URL for opt-outs (docs/crm-opt-outs.md); unset: they are stored and wait. */
  optOutWebhookUrl: string | undefined;
  bookingUrl: string | undefined;
  siteUrl: string;
  /** The prerendered site (`<build>/client`). */
  clientDir: string;
  /** The lead desk's client-rendered app (`<build>/desk`), served under /desk. */
  deskDir: string;
  rateLimit: { max: number; windowMs: number };
  trustProxy: TrustProxy;
  logLevel: string;
  /** The fsync'd intake journal in front of PGlite (always off on PostgreSQL). */
  intakeJournal: boolean;
  delivery: DeliveryConfig;
  desk: DeskConfig;
  mail: MailConfig;
  analytics: AnalyticsConfig;
  review: ReviewConfig;
  inbound: InboundConfig;
  retention: RetentionConfig;
  documents: DocumentsConfig;
}

export interface DeliveryConfig {
  /** Per attempt (connect + response). */
  timeoutMs: number;
  /** A claim's lease; an expired lease makes the row claimable again. Longer than timeoutMs. */
  leaseMs: number;
  /** The first retry delay; later ones follow the schedule in outbox/retry-schedule.ts. */
  backoffBaseMs: number;
  /** No single delay is longer than this. */
  backoffMaxMs: number;
  /** After this many attempts the row is dead. */
  maxAttempts: number;
  /** How often an idle worker looks for due rows (retries, other instances' rows). */
  pollMs: number;
  /** Deliveries in flight per process. */
  concurrency: number;
}

/** The lead desk's sign-in (server/desk/auth). */
export interface DeskConfig {
  /** How long an invitation link works. */
  inviteTtlMs: number;
  /** A session not used for this long ends. */
  sessionIdleMs: number;
  /** A session ends this long after sign-in, however busy. */
  sessionMaxMs: number;
  /** The provider's IANA time zone: the desk's times and its day filters (server/desk/zoned-day.ts). */
  timeZone: string;
  /** The live inbox's stream: a heartbeat this often, and the session checked again (server/desk/live). */
  liveHeartbeatMs: number;
  /** Each sign-in step (password, code) per IP per RATE_LIMIT_WINDOW, over all instances. */
  signInRateLimitMax: number;
}

/** E-mail (server/mail): the SMTP server, the senders, who gets the staff alerts. */
export interface MailConfig {
  /** smtp:// or smtps://, credentials in the URL; unset: e-mails are stored and wait. */
  smtpUrl: string | undefined;
  /** Transactional mail (receipts, alerts), "Name <address>". */
  from: string;
  /** Newsletter mail: a different address from `from`, as mailbox providers ask. */
  marketingFrom: string;
  /** New-application and CRM delivery alerts go to these; none: no alerts. */
  staffAlertEmails: string[];
  /** Failed CRM attempts in a row before the "delivery failing" alert. */
  alertFailingAfter: number;
  /** After a "recovered" alert, further delivery alerts are held this long and then summarised (ms). */
  alertCooldownMs: number;
}

/** The review clock (server/review-clock): the promise the site makes, kept and shown. */
export interface ReviewConfig {
  /** The promised review window: received plus this is the deadline (counted in business hours when set). */
  windowMs: number;
  /** "Mon-Fri 09:00-17:00" in DESK_TIME_ZONE; unset: the clock runs around the clock. */
  businessHours: string | undefined;
  /** Days the clock stands still (YYYY-MM-DD, in DESK_TIME_ZONE). */
  holidays: string[];
  /** Untouched and due within this: "due soon", and the owner is reminded. */
  dueSoonMs: number;
  /** At most one reminder or overdue alert per person per this. */
  alertIntervalMs: number;
}

/**
 * The signed inbound webhooks (server/inbound): the CRM's stage reports and
 * opt-outs, the booking service's booked calls, the texting platform's STOP replies.
 */
export interface InboundConfig {
  /** Standard Webhooks secrets ("whsec_…"); unset: that source's signed requests are refused. */
  crmSecret: string | undefined;
  bookingSecret: string | undefined;
  smsSecret: string | undefined;
  /** Fixed-header tokens for senders that cannot sign; unset: refused. */
  crmToken: string | undefined;
  bookingToken: string | undefined;
  smsToken: string | undefined;
  /** Events older or newer than this (by their timestamp) are refused as stale. */
  toleranceMs: number;
}

/**
 * What is kept and for how long (docs/retention.md): the purge (server/retention)
 * removes each kind of data this long after its time, skipping legal holds.
 */
export interface RetentionConfig {
  /** Applications that never went further (new, or closed other than funded), this long after anything was done to them. */
  applicationsMs: number;
  /** Quarantined applications, this long after their quarantine. */
  quarantineMs: number;
  /** A sent e-mail's body is blanked this long after it was sent; the fact it was sent stays. */
  mailBodiesMs: number;
  /** Audit log entries, this long after they were written. */
  auditMs: number;
  /** Desk sessions, this long after they expired. */
  sessionsMs: number;
  /** Consent records are evidence this long after consent was given: never purged before. */
  consentEvidenceMs: number;
  /** How often every instance runs the purge. */
  everyMs: number;
  /** Rows per statement. */
  batchSize: number;
}

/** The applicant's document room (server/documents; decisions 0019 to 0021). */
export interface DocumentsConfig {
  /** DOCUMENTS_MASTER_KEY, checked; unset: the embedded default keeps its own, PostgreSQL has none (documents off). */
  masterKey: string | undefined;
  /** DOCUMENTS_PREVIOUS_MASTER_KEYS, checked: keys still read until a re-wrap pass moves their documents on. */
  previousMasterKeys: string;
  /** One file at most this many bytes. */
  maxFileBytes: number;
  /** One application's files together at most this many bytes. */
  maxApplicationBytes: number;
  /** clamd's socket, or its host and port; unset: files are stored and marked "not scanned". */
  clamd: { socket: string } | { host: string; port: number } | undefined;
}

/** The site's own analytics (server/analytics). */
export interface AnalyticsConfig {
  /** Raw events are deleted this long after they happened; daily roll-ups stay. */
  retentionMs: number;
  /** POST /api/events per IP per RATE_LIMIT_WINDOW (a page sends a few batches). */
  rateLimitMax: number;
}

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

const envSchema = z.object({
  PORT: unsetIfEmpty(integer(0, 65535).default(3000)),
  HOST: unsetIfEmpty(z.string().default("0.0.0.0")),
  DATA_DIR: unsetIfEmpty(z.string().default("./data")),
  DATABASE_URL: unsetIfEmpty(
    z.url({ protocol: /^postgres(ql)?$/, error: "must be a postgres:// URL" }).optional(),
  ),
  LEAD_WEBHOOK_URL: unsetIfEmpty(httpUrl.optional()),
  CRM_OPT_OUT_URL: unsetIfEmpty(httpUrl.optional()),
  BOOKING_URL: unsetIfEmpty(httpUrl.optional()),
  SITE_URL: unsetIfEmpty(httpUrl.optional()),
  RR_BUILD_DIR: unsetIfEmpty(z.string().optional()),
  CLIENT_DIR: unsetIfEmpty(z.string().optional()),
  DESK_DIR: unsetIfEmpty(z.string().optional()),
  RATE_LIMIT_MAX: unsetIfEmpty(integer(1, 1_000_000).default(10)),
  RATE_LIMIT_WINDOW: unsetIfEmpty(duration.default(60_000)),
  TRUST_PROXY: unsetIfEmpty(trustProxy.default(false)),
  INTAKE_JOURNAL: unsetIfEmpty(z.enum(["on", "off"], { error: 'must be "on" or "off"' }).default("on")),
  DELIVERY_TIMEOUT_MS: unsetIfEmpty(integer(50, 300_000).default(10_000)),
  DELIVERY_LEASE_MS: unsetIfEmpty(integer(100, 3_600_000).optional()),
  DELIVERY_BACKOFF_BASE_MS: unsetIfEmpty(integer(1, 3_600_000).default(10_000)),
  DELIVERY_BACKOFF_MAX_MS: unsetIfEmpty(integer(1, 86_400_000).default(8 * 3_600_000)),
  DELIVERY_MAX_ATTEMPTS: unsetIfEmpty(integer(1, 100).default(12)),
  DELIVERY_POLL_MS: unsetIfEmpty(integer(10, 600_000).default(5_000)),
  DELIVERY_CONCURRENCY: unsetIfEmpty(integer(1, 256).default(8)),
  DESK_INVITE_TTL: unsetIfEmpty(duration.default(24 * 3_600_000)),
  DESK_SESSION_IDLE: unsetIfEmpty(duration.default(30 * 60_000)),
  DESK_SESSION_MAX: unsetIfEmpty(duration.default(12 * 3_600_000)),
  QUARANTINE_RETENTION: unsetIfEmpty(retentionPeriod(30)),
  APPLICATION_RETENTION: unsetIfEmpty(retentionPeriod(730)),
  MAIL_BODY_RETENTION: unsetIfEmpty(retentionPeriod(90)),
  AUDIT_RETENTION: unsetIfEmpty(retentionPeriod(730)),
  SESSION_RETENTION: unsetIfEmpty(retentionPeriod(30)),
  CONSENT_EVIDENCE_RETENTION: unsetIfEmpty(retentionPeriod(5 * 365 + 1)),
  RETENTION_PURGE_EVERY: unsetIfEmpty(duration.default(3_600_000)),
  RETENTION_BATCH: unsetIfEmpty(integer(1, 10_000).default(500)),
  DESK_TIME_ZONE: unsetIfEmpty(timeZone.default("America/New_York")),
  DESK_LIVE_HEARTBEAT: unsetIfEmpty(duration.default(25_000)),
  DESK_SIGN_IN_RATE_LIMIT_MAX: unsetIfEmpty(integer(1, 10_000_000).default(60)),
  ANALYTICS_RETENTION: unsetIfEmpty(duration.default(90 * 86_400_000)),
  ANALYTICS_RATE_LIMIT_MAX: unsetIfEmpty(integer(1, 10_000_000).default(300)),
  SMTP_URL: unsetIfEmpty(
    z.url({ protocol: /^smtps?$/, hostname: /./, error: "must be an smtp:// or smtps:// URL" }).optional(),
  ),
  MAIL_FROM: unsetIfEmpty(mailboxSetting.default(DEFAULT_MAIL_FROM)),
  MAIL_MARKETING_FROM: unsetIfEmpty(mailboxSetting.default(DEFAULT_MARKETING_FROM)),
  STAFF_ALERT_EMAILS: unsetIfEmpty(addressListSetting.default([])),
  ALERT_FAILING_AFTER: unsetIfEmpty(integer(1, 1000).default(4)),
  ALERT_COOLDOWN: unsetIfEmpty(duration.default(3_600_000)),
  REVIEW_WINDOW: unsetIfEmpty(duration.default(24 * 3_600_000)),
  REVIEW_BUSINESS_HOURS: unsetIfEmpty(businessHours.optional()),
  REVIEW_HOLIDAYS: unsetIfEmpty(holidayList.optional()),
  REVIEW_DUE_SOON: unsetIfEmpty(duration.default(4 * 3_600_000)),
  REVIEW_ALERT_INTERVAL: unsetIfEmpty(duration.default(30 * 60_000)),
  CRM_WEBHOOK_SECRET: unsetIfEmpty(webhookSecret.optional()),
  CRM_WEBHOOK_TOKEN: unsetIfEmpty(webhookToken.optional()),
  BOOKING_WEBHOOK_SECRET: unsetIfEmpty(webhookSecret.optional()),
  BOOKING_WEBHOOK_TOKEN: unsetIfEmpty(webhookToken.optional()),
  SMS_WEBHOOK_SECRET: unsetIfEmpty(webhookSecret.optional()),
  SMS_WEBHOOK_TOKEN: unsetIfEmpty(webhookToken.optional()),
  INBOUND_TOLERANCE: unsetIfEmpty(duration.default(5 * 60_000)),
  DOCUMENTS_MASTER_KEY: unsetIfEmpty(masterKeyText.optional()),
  DOCUMENTS_PREVIOUS_MASTER_KEYS: unsetIfEmpty(masterKeyList.default("")),
  DOCUMENTS_MAX_FILE_SIZE: unsetIfEmpty(byteSize.default(25e6)),
  DOCUMENTS_MAX_APPLICATION_SIZE: unsetIfEmpty(byteSize.default(250e6)),
  CLAMD_SOCKET: unsetIfEmpty(z.string().optional()),
  CLAMD_HOST: unsetIfEmpty(z.string().optional()),
  CLAMD_PORT: unsetIfEmpty(integer(1, 65535).default(3310)),
  LOG_LEVEL: unsetIfEmpty(
    z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(", ")}` }).default("info"),
  ),
});

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems: Record<string, string> = {};
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? "environment");
      problems[key] ??= issue.message;
    }
    throw new ConfigError(problems);
  }
  const e = parsed.data;
  // A live worker must never lose its claim while it waits for the CRM.
  const leaseMs = e.DELIVERY_LEASE_MS ?? Math.max(60_000, e.DELIVERY_TIMEOUT_MS * 6);
  if (leaseMs < e.DELIVERY_TIMEOUT_MS * 2) {
    throw new ConfigError({
      DELIVERY_LEASE_MS: `must be at least twice DELIVERY_TIMEOUT_MS (${e.DELIVERY_TIMEOUT_MS * 2})`,
    });
  }
  // Newsletter and transactional mail from one address would share one reputation.
  if (addressOf(e.MAIL_MARKETING_FROM) === addressOf(e.MAIL_FROM)) {
    throw new ConfigError({ MAIL_MARKETING_FROM: "must be a different address from MAIL_FROM" });
  }
  if (e.DOCUMENTS_MAX_APPLICATION_SIZE < e.DOCUMENTS_MAX_FILE_SIZE) {
    throw new ConfigError({ DOCUMENTS_MAX_APPLICATION_SIZE: "must be at least DOCUMENTS_MAX_FILE_SIZE" });
  }
  if (e.CLAMD_SOCKET && e.CLAMD_HOST) {
    throw new ConfigError({ CLAMD_HOST: "set CLAMD_SOCKET or CLAMD_HOST, not both" });
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    leadWebhookUrl: e.LEAD_WEBHOOK_URL,
    optOutWebhookUrl: e.CRM_OPT_OUT_URL,
    bookingUrl: e.BOOKING_URL,
    // Same default as the build (scripts/public-env.mjs), so canonical URLs agree.
    siteUrl: (e.SITE_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ""),
    clientDir: resolve(e.CLIENT_DIR ?? join(e.RR_BUILD_DIR ?? "build", "client")),
    deskDir: resolve(e.DESK_DIR ?? join(e.RR_BUILD_DIR ?? "build", "desk")),
    rateLimit: { max: e.RATE_LIMIT_MAX, windowMs: e.RATE_LIMIT_WINDOW },
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    intakeJournal: e.INTAKE_JOURNAL === "on",
    delivery: {
      timeoutMs: e.DELIVERY_TIMEOUT_MS,
      leaseMs,
      backoffBaseMs: e.DELIVERY_BACKOFF_BASE_MS,
      backoffMaxMs: e.DELIVERY_BACKOFF_MAX_MS,
      maxAttempts: e.DELIVERY_MAX_ATTEMPTS,
      pollMs: e.DELIVERY_POLL_MS,
      concurrency: e.DELIVERY_CONCURRENCY,
    },
    desk: {
      inviteTtlMs: e.DESK_INVITE_TTL,
      sessionIdleMs: e.DESK_SESSION_IDLE,
      sessionMaxMs: e.DESK_SESSION_MAX,
      timeZone: e.DESK_TIME_ZONE,
      liveHeartbeatMs: e.DESK_LIVE_HEARTBEAT,
      signInRateLimitMax: e.DESK_SIGN_IN_RATE_LIMIT_MAX,
    },
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM,
      marketingFrom: e.MAIL_MARKETING_FROM,
      staffAlertEmails: e.STAFF_ALERT_EMAILS,
      alertFailingAfter: e.ALERT_FAILING_AFTER,
      alertCooldownMs: e.ALERT_COOLDOWN,
    },
    analytics: { retentionMs: e.ANALYTICS_RETENTION, rateLimitMax: e.ANALYTICS_RATE_LIMIT_MAX },
    review: {
      windowMs: e.REVIEW_WINDOW,
      businessHours: e.REVIEW_BUSINESS_HOURS,
      holidays: e.REVIEW_HOLIDAYS ?? [],
      dueSoonMs: e.REVIEW_DUE_SOON,
      alertIntervalMs: e.REVIEW_ALERT_INTERVAL,
    },
    retention: {
      applicationsMs: e.APPLICATION_RETENTION,
      quarantineMs: e.QUARANTINE_RETENTION,
      mailBodiesMs: e.MAIL_BODY_RETENTION,
      auditMs: e.AUDIT_RETENTION,
      sessionsMs: e.SESSION_RETENTION,
      consentEvidenceMs: e.CONSENT_EVIDENCE_RETENTION,
      everyMs: e.RETENTION_PURGE_EVERY,
      batchSize: e.RETENTION_BATCH,
    },
    documents: {
      masterKey: e.DOCUMENTS_MASTER_KEY,
      previousMasterKeys: e.DOCUMENTS_PREVIOUS_MASTER_KEYS,
      maxFileBytes: e.DOCUMENTS_MAX_FILE_SIZE,
      maxApplicationBytes: e.DOCUMENTS_MAX_APPLICATION_SIZE,
      clamd: e.CLAMD_SOCKET
        ? { socket: e.CLAMD_SOCKET }
        : e.CLAMD_HOST
          ? { host: e.CLAMD_HOST, port: e.CLAMD_PORT }
          : undefined,
    },
    inbound: {
      crmSecret: e.CRM_WEBHOOK_SECRET,
      bookingSecret: e.BOOKING_WEBHOOK_SECRET,
      crmToken: e.CRM_WEBHOOK_TOKEN,
      bookingToken: e.BOOKING_WEBHOOK_TOKEN,
      smsSecret: e.SMS_WEBHOOK_SECRET,
      smsToken: e.SMS_WEBHOOK_TOKEN,
      toleranceMs: e.INBOUND_TOLERANCE,
    },
  };
}
