/**
 * What the desk's routes share, decorated on the desk plugin's instance as
 * `app.desk` (server/desk/plugin.ts).
 */
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../../config";
import type { Store } from "../../store/store";
import { createAuditRepository, type AuditRepository } from "../../audit/audit-repository";
import { createInvitations, type Invitations } from "../../staff/invitation-repository";
import { createLibrary, type Library } from "./library";
import { createSessions, type Sessions } from "./sessions";
import { createThrottle, type Throttle } from "../../staff/sign-in-attempts-repository";

export interface Desk {
  config: Config;
  store: Store;
  /** The authentication library, made on first use. */
  library: () => Promise<Library>;
  audit: AuditRepository;
  sessions: Sessions;
  invitations: Invitations;
  throttle: Throttle;
}

declare module "fastify" {
  interface FastifyInstance {
    desk: Desk;
  }
}

export function createDesk(config: Config, store: Store, log: FastifyBaseLogger): Desk {
  const library = createLibrary(config, store, log);
  return {
    config,
    store,
    library,
    audit: createAuditRepository(store),
    sessions: createSessions({ config: config.desk, store, library }),
    invitations: createInvitations({ store, siteUrl: config.siteUrl, ttlMs: config.desk.inviteTtlMs }),
    throttle: createThrottle(store),
  };
}
