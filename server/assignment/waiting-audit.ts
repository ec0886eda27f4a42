/**
 * The audit row of an application given out after waiting for an owner
 * (assignment.ts's assignWaiting): application.assigned, from nobody to the
 * member chosen, `waited` set, by whoever made the duty change that gave it
 * out (`actor`), or by nobody when the periodic sweep did.
 */
import type { RecordGiven } from "./assignment";
import type { AuditActor, AuditRepository } from "../audit/audit-repository";

const NOBODY: AuditActor = { actorId: null, actorEmail: null };

export const auditWaitingGiven =
  (audit: AuditRepository, actor: AuditActor = NOBODY): RecordGiven =>
  (tx, id, owner) =>
    audit.record(
      {
        ...actor,
        action: "application.assigned",
        target: id,
        details: {
          from: null,
          fromName: null,
          to: owner.ownerId,
          toName: owner.ownerName,
          group: owner.group,
          waited: true,
        },
      },
      tx,
    );
