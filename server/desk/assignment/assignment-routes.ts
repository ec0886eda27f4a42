/**
 * Assignment in the desk (server/assignment/ does the round-robin itself):
 * an application's owner by hand (owner-routes.ts), who is on duty and in
 * which routing groups (duty-routes.ts), and the routing rules
 * (rule-routes.ts). docs/assignment.md tells the whole story.
 */
import type { FastifyPluginAsync } from "fastify";
import dutyRoutes from "./duty-routes";
import ownerRoutes from "./owner-routes";
import ruleRoutes from "./rule-routes";

const assignmentRoutes: FastifyPluginAsync = async (app) => {
  await app.register(ownerRoutes);
  await app.register(dutyRoutes);
  await app.register(ruleRoutes);
};

export default assignmentRoutes;
