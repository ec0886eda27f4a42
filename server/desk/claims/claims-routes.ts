/**
 * The claim register for the desk (staff and admin): every claim the public
 * site states, its status today in the desk's zone (#domain/claims/status)
 * and the pages that state it, read from the served build's
 * claims-manifest.json (written by scripts/check-claims.mjs beside client/).
 * Nothing is stored: the register is code and the manifest is the build's.
 */
import { readFile } from "node:fs/promises";
import type { FastifyBaseLogger, FastifyPluginAsync } from "fastify";
import { claimRegister } from "#domain/claims/register";
import { claimStatus } from "#domain/claims/status";
import type { ClaimsOverview } from "#domain/desk/contract";
import { requireRole } from "../auth/guard";
import { today } from "../zoned-day";

export interface ClaimsRouteOptions {
  /** The served build's claims-manifest.json; absent when no build is present. */
  manifestFile: string;
  /** The clock the statuses are computed against (tests set the day). */
  now?: () => Date;
}

/** Each claim's pages from the manifest, or null when there is no readable manifest. */
async function readClaimPages(
  file: string,
  log: FastifyBaseLogger,
): Promise<Record<string, string[]> | null> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT")
      log.warn({ err: error, file }, "claims manifest unreadable");
    return null;
  }
  try {
    const manifest = JSON.parse(text) as { claims?: Record<string, string[]> };
    return manifest.claims ?? {};
  } catch (error) {
    log.warn({ err: error, file }, "claims manifest is not JSON");
    return null;
  }
}

const claimsRoutes: FastifyPluginAsync<ClaimsRouteOptions> = async (app, { manifestFile, now }) => {
  app.get("/api/desk/claims", { preValidation: requireRole("staff") }, async (request) => {
    const day = today(app.config.desk.timeZone, now?.() ?? new Date());
    const pages = await readClaimPages(manifestFile, request.log);
    return {
      today: day,
      built: pages !== null,
      claims: claimRegister.map((record) => ({
        ...record,
        status: claimStatus(record, day),
        pages: pages === null ? null : (pages[record.id] ?? []),
      })),
    } satisfies ClaimsOverview;
  });
};

export default claimsRoutes;
