/**
 * The authentication library (better-auth) as the desk uses it: passwords
 * (scrypt), sessions as revocable store rows, TOTP and backup codes (the
 * twoFactor plugin), roles and disabling (the admin plugin). Its HTTP handler
 * is never mounted: our routes call `auth.api.*` so the public surface is
 * exactly the desk's contract. What it does not do (the idle timeout, the
 * `__Host-` cookie behind a proxy, shared throttling) is added around it; see
 * docs/decisions/0007-desk-authentication.md.
 */
import type { FastifyBaseLogger } from "fastify";
import { betterAuth } from "better-auth";
import { admin, twoFactor } from "better-auth/plugins";
import { adminAc, userAc } from "better-auth/plugins/admin/access";
import { Kysely } from "kysely";
import type { Store } from "../../store/store";
import { storeDialect } from "../../store/kysely-dialect";
import { PASSWORD_MAX, PASSWORD_MIN } from "#domain/desk/passwords";

export interface DeskAuthOptions {
  store: Store;
  /** Signs the library's cookies and encrypts TOTP secrets (server/staff/auth-secret-repository.ts). */
  secret: string;
  /** The site's origin. */
  baseURL: string;
  /** Absolute session lifetime. */
  sessionMaxMs: number;
  /** The server's JSON logger: the library's own lines go there, not to the console. */
  log: FastifyBaseLogger;
}

/** How long the "password was right, now the code" step may take. */
export const PENDING_SIGN_IN_SECONDS = 600;
export const TOTP_ISSUER = "Harborline lead desk";

export function createBetterAuth({ store, secret, baseURL, sessionMaxMs, log }: DeskAuthOptions) {
  return betterAuth({
    // Its warnings are expected events ("Invalid password"), which the audit log
    // records; only its errors are worth more than debug.
    logger: {
      level: "debug",
      log: (level, message, ...args) => {
        const line = { component: "desk-auth", details: args.length ? args : undefined };
        if (level === "error") log.error(line, message);
        else log.debug(line, message);
      },
    },
    appName: TOTP_ISSUER,
    baseURL,
    secret,
    database: { db: new Kysely({ dialect: storeDialect(store) }), type: "postgres", transaction: true },
    emailAndPassword: {
      enabled: true,
      // Accounts come only from invitations (created server-side).
      disableSignUp: true,
      minPasswordLength: PASSWORD_MIN,
      maxPasswordLength: PASSWORD_MAX,
    },
    // Our tables are prefixed so the shared store reads clearly (004_desk_auth.sql).
    user: { modelName: "desk_user" },
    account: { modelName: "desk_account" },
    verification: { modelName: "desk_verification" },
    session: {
      modelName: "desk_session",
      // The absolute lifetime: never extended by use (the idle timeout is ours).
      expiresIn: Math.ceil(sessionMaxMs / 1000),
      disableSessionRefresh: true,
      additionalFields: {
        lastSeenAt: { type: "date", required: false, input: false, defaultValue: () => new Date() },
      },
    },
    // Our throttling is shared by every instance (server/staff/sign-in-throttle.ts); the library's is per process.
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    advanced: {
      // Our routes pass the client address Fastify computed (TRUST_PROXY aware) in this header.
      ipAddress: { ipAddressHeaders: ["x-forwarded-for"] },
    },
    plugins: [
      twoFactor({
        issuer: TOTP_ISSUER,
        twoFactorCookieMaxAge: PENDING_SIGN_IN_SECONDS,
        // One lockout, shared and bounded: ours (server/staff/sign-in-throttle.ts).
        accountLockout: { enabled: false },
        backupCodeOptions: { amount: 10, length: 10 },
        schema: { twoFactor: { modelName: "desk_two_factor" } },
      }),
      admin({ defaultRole: "staff", adminRoles: ["admin"], roles: { admin: adminAc, staff: userAc } }),
    ],
  });
}

export type BetterAuth = ReturnType<typeof createBetterAuth>;
