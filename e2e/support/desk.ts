/**
 * Helpers for the lead desk's browser tests: the server's one-time setup
 * link (from its log), authenticator codes computed from the secret the page
 * shows, going through an invitation, signing in, axe.
 */
import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import type { APIRequestContext } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { sampleApplication } from "../../test/support/sample-application";
import { E2E } from "./env";
import { expect, type Page } from "./test";
import { shootWidths } from "./screenshots";

/** The path of the setup link the server logged at start-up (`setupUrl`). */
export async function setupPath(): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      () => {
        const lines = readFileSync(E2E.serverLog, "utf8").split("\n");
        for (const line of lines) {
          if (!line.includes('"setupUrl"')) continue;
          found = (JSON.parse(line) as { setupUrl: string }).setupUrl;
        }
        return found;
      },
      { message: `a setupUrl line in ${E2E.serverLog}`, timeout: 10_000 },
    )
    .toBeTruthy();
  const url = new URL(found!);
  return url.pathname + url.search;
}

/** A staff member as the tests know them: what they typed and what the page gave them. */
export interface Account {
  email: string;
  password: string;
  secret: string;
  backupCodes: string[];
  /** Codes already used: the server refuses one twice within two minutes. */
  usedCodes: Set<string>;
}

/** The app's current 6-digit code, waiting for the next one if this one was used. */
export async function authenticatorCode(account: Account): Promise<string> {
  const totp = new TOTP({ secret: Secret.fromBase32(account.secret), digits: 6, period: 30 });
  for (;;) {
    const code = totp.generate();
    if (!account.usedCodes.has(code)) {
      account.usedCodes.add(code);
      return code;
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

/** An admin's invitation the operator's way (the CLI), so a test works whoever set the desk up (the setup link is desk.spec.ts's). */
export const adminInvitationPath = (email: string) => invitationPath(email, "admin");

/** A staff member's (or an admin's) invitation the operator's way (the CLI): its path on the desk. */
export function invitationPath(email: string, role: "staff" | "admin"): string {
  const out = execFileSync(
    process.execPath,
    ["--import", "tsx", "server/cli/applications.ts", "staff", "invite", email, "--role", role, "--json"],
    { env: { ...process.env, ...E2E.serverEnv }, encoding: "utf8" },
  );
  const { inviteUrl } = JSON.parse(out.trim().split("\n").at(-1)!) as { inviteUrl: string };
  return new URL(inviteUrl).pathname;
}

/** How long a step of setting up an account may wait for the server (one run in several at load 20 took over 7 s). */
const SERVER_STEP = { timeout: 30_000 };

/**
 * Opens an invitation (or the setup link) and goes through all of it:
 * password, authenticator, backup codes. Ends signed in, on the inbox.
 */
export async function acceptInvitation(
  page: Page,
  path: string,
  email: string,
  name = email.split("@")[0],
): Promise<Account> {
  const account: Account = {
    email,
    password: `harbor ${randomUUID()}`,
    secret: "",
    backupCodes: [],
    usedCodes: new Set(),
  };
  await page.goto(path);
  const emailField = page.getByLabel("Email", { exact: true });
  if (await emailField.isVisible()) await emailField.fill(email);
  await page.getByLabel("Your name").fill(name);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByLabel("Confirm password").fill(account.password);
  await page.getByRole("button", { name: "Continue" }).click();

  // Each step waits for the server to hash a password or check a code: seconds on a loaded machine.
  await expect(page.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible(
    SERVER_STEP,
  );
  account.secret = (await page.locator("code").first().innerText()).replace(/\s+/g, "");
  await page.getByLabel("Authentication code").fill(await authenticatorCode(account));
  await page.getByRole("button", { name: "Confirm" }).click();

  const codes = page.getByRole("list", { name: "Backup codes" }).getByRole("listitem");
  await expect(codes.first()).toBeVisible(SERVER_STEP);
  account.backupCodes = await codes.allInnerTexts();
  await page.getByRole("button", { name: "I have saved them" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Inbox" })).toBeVisible(SERVER_STEP);
  return account;
}

/**
 * Email and password, then the authenticator code (or one of the backup
 * codes, each good once). Ends on the inbox, or on `next` when the path has one.
 */
export async function signIn(
  page: Page,
  account: Account,
  { path = "/desk/sign-in", backupCode = false }: { path?: string; backupCode?: boolean } = {},
) {
  await page.goto(path);
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Continue" }).click();
  if (backupCode) {
    await page.getByRole("button", { name: "Use a backup code" }).click();
    await page.getByLabel("Backup code").fill(account.backupCodes.pop()!);
  } else {
    await page.getByLabel("Authentication code").fill(await authenticatorCode(account));
  }
  await page.getByRole("button", { name: "Sign in" }).click();
}

/** Stores an application through the public API, as the wizard would (a fresh e-mail address, `overrides` on top); returns its id. */
export async function submitApplication(
  request: APIRequestContext,
  companyName: string,
  overrides: Record<string, unknown> = {},
): Promise<string> {
  const response = await request.post("/api/applications", {
    data: {
      ...sampleApplication,
      companyName,
      email: `${randomUUID()}@northwind.example`,
      submissionId: randomUUID(),
      ...overrides,
    },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

export { expectNoAxeViolations } from "./axe";

/** Full-page screenshots of a desk page at desktop and phone widths (screenshots/desk-NAME-WIDTH.png), for a person to look at, when SCREENSHOTS=1. */
export async function screenshot(page: Page, name: string) {
  await shootWidths(page, `screenshots/desk-${name}`, { width: 1440, height: 900 });
}
