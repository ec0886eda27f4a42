/**
 * Assignment in the desk (server/assignment/ does the round-robin itself):
 * an application's owner by hand (owner-routes.ts), who is on duty and in
 * which routing groups (duty-routes.ts), and the routing rules
 * (rule-routes.ts), and several applications assigned, claimed or closed at
 * once (bulk-routes.ts). docs/assignment.md tells the whole story.
 */
import type { FastifyPluginAsync } from "fastify";
import bulkRoutes from "./bulk-routes";
import dutyRoutes from "./duty-routes";
import ownerRoutes from "./owner-routes";
import ruleRoutes from "./rule-routes";

const assignmentRoutes: FastifyPluginAsync = async (app) => {
  await app.register(ownerRoutes);
  await app.register(dutyRoutes);
  await app.register(ruleRoutes);
  await app.register(bulkRoutes);
};

export default assignmentRoutes;
