/**
 * The claims state file (CLAIMS_STATE_FILE, `DATA_DIR/claims-state.json` by
 * default): what the running server knows about the claims that the site's
 * build needs and cannot read from the store (the build never opens the
 * embedded store while the server holds it). Each writer owns one top-level
 * key (`computed`: the latest computed snapshots; `claims`: each claim's
 * stored state, evidence filed and reviews) and replaces only its own,
 * keeping the others, atomically (a temporary file renamed over the old), so
 * a build never reads half a file. scripts/public-env.mjs reads it.
 */
import { randomUUID } from "node:crypto";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import type { Queryable } from "../store/store";
import { storedStates } from "./claims-repository";

async function readState(file: string): Promise<Record<string, unknown>> {
  try {
    const parsed: unknown = JSON.parse(await readFile(file, "utf8"));
    return parsed !== null && typeof parsed === "object" && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

/** Replaces the keys of `part` in the state file, keeping the others. */
export async function writeClaimsStateFile(file: string, part: Record<string, unknown>): Promise<void> {
  const state = { ...(await readState(file)), ...part, writtenAt: new Date().toISOString() };
  await mkdir(dirname(file), { recursive: true });
  const partial = `${file}.${process.pid}.${randomUUID()}.tmp`;
  await writeFile(partial, `${JSON.stringify(state, null, 2)}\n`);
  await rename(partial, file);
}

/**
 * The owners' side's key, `claims`: each claim's stored state (its latest
 * recorded review's day, its evidence files filed and not withdrawn; a claim
 * with nothing stored is left out), which a strict build reads
 * (docs/claims.md, "What the build sees"). Written after every change on the
 * desk and on each pass of the claims' job (alerts.ts).
 */
export async function writeClaimsState(db: Queryable, file: string): Promise<void> {
  const claims = await storedStates(db);
  const sorted = Object.fromEntries(Object.entries(claims).sort(([a], [b]) => a.localeCompare(b)));
  await writeClaimsStateFile(file, { claims: sorted });
}
