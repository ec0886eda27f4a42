/**
 * The desk's applications, delivery health and exports, with the quarantine
 * purge: registered inside the desk plugin (server/desk/plugin.ts), so they
 * share its headers, origin check and `app.desk`.
 */
import type { FastifyPluginAsync } from "fastify";
import { createOperatorRepository } from "../../store/operator-repository";
import exportRoutes from "../exports/export-routes";
import healthRoutes from "../health/health-routes";
import applicationRoutes from "./application-routes";
import { createDeskApplicationsRepository } from "./desk-applications-repository";
import quarantinePurge from "./quarantine-purge";

const applicationsDesk: FastifyPluginAsync = async (app) => {
  const operator = createOperatorRepository(app.store);
  const repository = createDeskApplicationsRepository(app.store);
  await app.register(applicationRoutes, { operator, repository });
  await app.register(healthRoutes, { operator });
  await app.register(exportRoutes, { operator });
  await app.register(quarantinePurge, { repository });
};

export default applicationsDesk;
