import { join } from "node:path";
import type { Config } from "../config";
import { openPGliteStore } from "./pglite";
import { openPostgresStore } from "./postgres";
import type { Store } from "./store";

export function openStore(config: Pick<Config, "databaseUrl" | "dataDir">): Promise<Store> {
  if (config.databaseUrl) return openPostgresStore({ connectionString: config.databaseUrl });
  return openPGliteStore({ dataDir: join(config.dataDir, "pglite") });
}
