/**
 * The desk's applications, delivery health and exports, with the quarantine
 * purge: registered inside the desk plugin (server/desk/plugin.ts), so they
 * share its headers, origin check and `app.desk`.
 */
import type { FastifyPluginAsync } from "fastify";
import { createDeliveryHealthRepository } from "../../crm-delivery/delivery-health-repository";
import { createExportRepository } from "../../store/export-repository";
import { createInboxRepository } from "../../store/inbox-repository";
import exportRoutes from "../exports/export-routes";
import healthRoutes from "../health/health-routes";
import applicationRoutes from "./application-routes";
import { createDeskApplicationsRepository } from "./application-repository";
import quarantinePurge from "../quarantine/quarantine-purge";

const applicationsDesk: FastifyPluginAsync = async (app) => {
  const inboxRepository = createInboxRepository(app.store);
  const deliveryHealth = createDeliveryHealthRepository(app.store);
  const repository = createDeskApplicationsRepository(app.store);
  await app.register(applicationRoutes, { inboxRepository, deliveryHealth, repository });
  await app.register(healthRoutes, { inboxRepository, deliveryHealth });
  await app.register(exportRoutes, { exportRepository: createExportRepository(app.store) });
  await app.register(quarantinePurge, { repository });
};

export default applicationsDesk;
