import type { Role } from "#domain/desk/contract";

/** The signed-in staff member a guarded request carries (guard.ts sets it). */
export interface StaffPrincipal {
  userId: string;
  sessionId: string;
  email: string;
  name: string;
  role: Role;
}

declare module "fastify" {
  interface FastifyRequest {
    staff?: StaffPrincipal;
  }
}
