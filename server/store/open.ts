import { join } from "node:path";
import type { Config } from "../config";
import type { MaintenanceSchedule } from "./maintenance";
import { openPGliteStore } from "./pglite";
import { openPostgresStore } from "./postgres";
import type { Store } from "./store";

/** `maintenance`: PGlite's periodic VACUUM (PostgreSQL's autovacuum needs none). */
export function openStore(
  config: Pick<Config, "databaseUrl" | "dataDir">,
  options: { maintenance?: MaintenanceSchedule } = {},
): Promise<Store> {
  if (config.databaseUrl) return openPostgresStore({ connectionString: config.databaseUrl });
  return openPGliteStore({ dataDir: join(config.dataDir, "pglite"), maintenance: options.maintenance });
}
