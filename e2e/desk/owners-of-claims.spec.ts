import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { claimRecord } from "../../domain/claims/register";
import { acceptInvitation, adminInvitationPath, invitationPath, screenshot } from "../support/desk";
import { queryRows } from "../support/db";
import { E2E } from "../support/env";
import { inboxMessages, mailTo } from "../support/inbox";
import { expect, test } from "../support/test";

/**
 * Issue 43's "done when", for the claims' owners: an admin gives the Head of
 * Marketing's role to a staff member; signed in as that owner, they file the
 * evidence for "$500M+ capital deployed" and record a review. Its review-by
 * day then passes (the recorded review's day moved into the past in the
 * store: the shared server's clock cannot move), and the claims' job
 * (CLAIMS_CHECK_EVERY=1s on the browser tests' server) e-mails the owner
 * exactly once; the desk shows the claim lapsed. The server's state file
 * follows, and a strict build (CLAIMS_STRICT=1, reading that file: the
 * react-router build and the claims check, into a folder of its own, not the
 * shared server's) prints the fallback wording on every page the manifest
 * lists for the claim; built again with strict mode off, the wording is back.
 */
const CLAIM = "capital-deployed";
const { wording, figure, fallback, owner: OWNER_ROLE } = claimRecord(CLAIM);
const PDF = Buffer.from("%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");
/** "$500M+" as a pattern without its "+" (the meta tag quotes "$500M"). */
const bareFigure = figure.replace(/\+$/, "").replace(/\$/g, "\\$");
const dayAfter = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** The public pages' HTML in a build, by path ("/" -> client/index.html). */
const pageHtml = (buildDir: string, path: string) =>
  readFileSync(join(buildDir, "client", path === "/" ? "" : path, "index.html"), "utf8");

/** The prerendered pages and the claims check, into `buildDir`; returns its manifest. */
function buildSite(buildDir: string, strict: boolean) {
  const env = {
    ...process.env,
    ...E2E.serverEnv,
    RR_BUILD_DIR: buildDir,
    CLAIMS_STRICT: strict ? "1" : "0",
    PATH: [join(process.cwd(), "node_modules", ".bin"), process.env.PATH].join(":"),
  };
  execFileSync("react-router", ["build"], { env, stdio: "ignore" });
  execFileSync(process.execPath, ["--import", "tsx", "scripts/check-claims.mjs"], { env, stdio: "ignore" });
  return JSON.parse(readFileSync(join(buildDir, "claims-manifest.json"), "utf8")) as {
    strict: boolean;
    claims: Record<string, string[]>;
    fallback: string[];
  };
}

test("an owner's claim lapses: one e-mail, lapsed on the desk, its fallback in a strict build", async ({
  page,
  browser,
}) => {
  // Two accounts, a file, a review, the job's e-mail and two builds of the public pages.
  test.setTimeout(360_000);
  const adminEmail = `admin+${randomUUID().slice(0, 8)}@harborline.test`;
  const ownerEmail = `marketing+${randomUUID().slice(0, 8)}@harborline.test`;
  // A name of this try's own: a retry's role select must not pick the first try's owner.
  const ownerName = `Olive Owner ${randomUUID().slice(0, 4)}`;
  await acceptInvitation(page, adminInvitationPath(adminEmail), adminEmail);
  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  await acceptInvitation(owner, invitationPath(ownerEmail, "staff"), ownerEmail, ownerName);

  // The admin gives the owner's role.
  await page.getByRole("link", { name: "Claims" }).click();
  const roleSelect = page.getByLabel(`Who holds ${OWNER_ROLE}`);
  await roleSelect.selectOption({ label: ownerName });
  const save = roleSelect.locator("xpath=ancestor::form").getByRole("button", { name: "Save" });
  await save.click();
  // Stored, not only chosen: the select shows the choice at once, the role's line only once the
  // server has it (before that, the owner would find no evidence form).
  await expect(roleSelect.locator("xpath=ancestor::li")).toContainText(new RegExp(`claims? · ${ownerName}`));
  await expect(save).toBeDisabled();

  // The owner files the evidence and records a review, two months off.
  await owner.goto(`/desk/claims/${CLAIM}`);
  await expect(owner.getByRole("heading", { level: 1, name: wording })).toBeVisible();
  await owner.getByLabel("What the file is").fill("Servicing ledger: funded principal to date");
  await owner
    .getByLabel("Evidence file")
    .setInputFiles({ name: "ledger.pdf", mimeType: "application/pdf", buffer: PDF });
  await owner.getByRole("button", { name: "Attach evidence" }).click();
  await expect(owner.getByRole("heading", { name: "Evidence (1 filed)" })).toBeVisible();
  const reviewBy = dayAfter(60);
  await owner.getByLabel("Next review by").fill(reviewBy);
  await owner.getByLabel("What you checked").fill("Checked the ledger's total against the figure");
  await owner.getByRole("button", { name: "Record review" }).click();
  await expect(owner.getByText("(recorded review)")).toBeVisible();
  await expect(owner.getByText("Supported", { exact: true })).toBeVisible();
  await screenshot(owner, "claim-supported");

  // Its review-by day passes.
  await queryRows(`UPDATE claim_reviews SET review_by = current_date - 2 WHERE claim_id = $1`, [CLAIM]);
  const lapsedOn = (
    await queryRows<{ day: string }>(`SELECT to_char(current_date - 2, 'YYYY-MM-DD') AS day`)
  )[0].day;

  // The owner is told, once.
  const mail = await mailTo(ownerEmail, /lapsed/);
  expect(mail.text).toContain(CLAIM);
  expect(mail.links.some((link) => link.endsWith("/desk/claims"))).toBe(true);
  await new Promise((resolve) => setTimeout(resolve, 3_000)); // three more passes of the job
  const aboutIt = (await inboxMessages()).filter(
    (message) => message.to.includes(ownerEmail) && message.text.includes(CLAIM),
  );
  expect(aboutIt).toHaveLength(1);

  // The desk shows it lapsed.
  await owner.reload();
  await expect(owner.getByText("This claim is lapsed")).toBeVisible();
  await expect(owner.getByText(/e-mailed the owner .*has passed/)).toBeVisible();
  await screenshot(owner, "claim-lapsed");
  await page.goto("/desk/claims");
  const lapsedRow = page
    .getByRole("table", { name: "Lapsed claims" })
    .getByRole("row")
    .filter({ hasText: CLAIM });
  await expect(lapsedRow).toContainText("1 file filed");
  await screenshot(page, "claims-owned");

  // The server's state file, which the build reads, says so.
  const stateFile = join(E2E.dataDir, "claims-state.json");
  await expect
    .poll(() => (existsSync(stateFile) ? JSON.parse(readFileSync(stateFile, "utf8")).claims[CLAIM] : null))
    .toEqual({ reviewBy: lapsedOn, evidenceFiles: 1 });

  // A strict build shows the fallback on every page that states the claim; strict mode off restores it.
  const buildDir = `build-claims-owner-${process.pid}`;
  try {
    const strict = buildSite(buildDir, true);
    const pages = strict.claims[CLAIM];
    expect(pages.length).toBeGreaterThan(0);
    expect(strict.fallback).toContain(CLAIM);
    for (const path of pages) {
      const html = pageHtml(buildDir, path);
      expect(html, path).toContain(fallback);
      expect(html, path).not.toContain(`data-claim="${CLAIM}">${figure}`);
      expect(html, path).not.toContain(wording);
    }
    const relaxed = buildSite(buildDir, false);
    expect(relaxed.fallback).toEqual([]);
    for (const path of relaxed.claims[CLAIM]) {
      const html = pageHtml(buildDir, path);
      expect(html, path).not.toContain(fallback);
      // In the page's text (data-claim) or its title, description and JSON-LD (the claims meta tag).
      expect(html, path).toMatch(
        new RegExp(`(data-claim="${CLAIM}">|\\[&quot;${CLAIM}&quot;,&quot;)${bareFigure}`),
      );
    }
  } finally {
    rmSync(buildDir, { recursive: true, force: true });
    await ownerContext.close();
  }
});
