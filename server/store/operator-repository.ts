/**
 * The operator CLI's reads and actions (server/cli/leads.ts) in one object:
 * the inbox (store/inbox-repository.ts), delivery health
 * (store/delivery-health-repository.ts) and the exports
 * (store/export-repository.ts). The desk's API uses those parts directly.
 */
import { createDeliveryHealthRepository } from "../crm-delivery/delivery-health-repository";
import { createExportRepository } from "./export-repository";
import { createInboxRepository } from "./inbox-repository";
import type { Store } from "./store";

export function createOperatorRepository(store: Store) {
  return {
    ...createInboxRepository(store),
    ...createDeliveryHealthRepository(store),
    ...createExportRepository(store),
  };
}

export type OperatorRepository = ReturnType<typeof createOperatorRepository>;
