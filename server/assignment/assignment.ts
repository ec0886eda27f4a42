/**
 * Every application gets an owner: round-robin among the staff on duty
 * (desk_duty.on_duty, account not disabled), the turn going to whoever was
 * assigned one longest ago (never first, then by id). Routing rules send an
 * application of a funding type and/or amount band to a group's members on
 * duty; with nobody of the group on duty it goes to everyone on duty; with
 * nobody on duty at all it stays unassigned (the inbox's Unassigned view).
 * Quarantined applications get no owner. docs/assignment.md has the whole
 * story.
 *
 * Fairness across instances: the choice and its writes happen in one short
 * transaction holding a transaction-scoped advisory lock, so instances
 * sharing one PostgreSQL take turns one at a time, and each sees the turn the
 * last one committed. The application's row is always locked before the
 * advisory lock (as the desk's actions lock it first), so the two never wait
 * on each other in opposite orders.
 *
 * The intake's assignment commits without waiting for the WAL flush
 * (asynchronous commit), so the lock is not held through a disk flush and
 * assignments keep up with the intake. The application itself was committed
 * durably before; a database crash in the next fraction of a second can only
 * lose the assignment (the application is then unassigned, and the turn did
 * not move), never the application or half an assignment. Staff's own
 * changes (claim, release, disabling) stay durable.
 */
import type { FastifyBaseLogger } from "fastify";
import type { Queryable, Store } from "../store/store";
import { createAssignmentRepository, type Chosen } from "./assignment-repository";

export interface AssignOptions {
  /** Staff never to choose (the member being disabled). */
  exclude?: string[];
}

/** What putting a member's applications back did: how many went to others, how many wait unassigned. */
export interface Returned {
  reassigned: number;
  unassigned: number;
}

export function createAssignment(store: Store, log?: Pick<FastifyBaseLogger, "warn">) {
  const repository = createAssignmentRepository(store);

  /**
   * In the caller's transaction: gives the application an owner by the
   * round-robin, when it is received (not quarantined), open and unowned and
   * somebody is on duty. Returns the owner chosen, or undefined.
   */
  async function assignIn(
    tx: Queryable,
    id: string,
    options: AssignOptions = {},
  ): Promise<Chosen | undefined> {
    const found = await repository.lockApplication(tx, id);
    if (!found || found.status !== "received" || found.ownerId || found.workStatus === "closed") return;
    if (!found.staffed) return;
    await repository.lockTurns(tx);
    return repository.assignNext(tx, id, options.exclude);
  }

  return {
    repository,
    assignIn,

    /**
     * A new application's owner, in a transaction of its own, after it was
     * stored. Never throws: a failure is logged and the application stays
     * unassigned (staff see it in the Unassigned view and can claim it).
     */
    async assignNew(id: string): Promise<Chosen | undefined> {
      try {
        // Nobody on duty: no transaction, no lock (the usual state at night).
        if (!(await repository.anyoneOnDuty())) return undefined;
        return await store.transaction(async (tx) => {
          await repository.commitWithoutFlush(tx);
          return assignIn(tx, id);
        });
      } catch (error) {
        log?.warn({ err: error, applicationId: id }, "assignment failed; the application stays unassigned");
        return undefined;
      }
    },

    /**
     * In the caller's transaction: the application has no owner any more
     * (quarantined), with the activity by `actor`. Returns whether it had one.
     */
    async clearIn(tx: Queryable, id: string, actor: { id: string; name: string } | null): Promise<boolean> {
      const found = await repository.lockApplication(tx, id);
      if (!found?.ownerId) return false;
      await repository.setOwner(tx, id, null, actor);
      return true;
    },

    /**
     * A disabled member's open applications (not closed) go back to the
     * round-robin among everyone else on duty, one transaction each; with
     * nobody on duty they wait unassigned. They also go off duty.
     */
    async returnApplicationsOf(userId: string): Promise<Returned> {
      await repository.setDuty(userId, { onDuty: false });
      const result: Returned = { reassigned: 0, unassigned: 0 };
      for (const id of await repository.openApplicationsOf(userId)) {
        await store.transaction(async (tx) => {
          const found = await repository.lockApplication(tx, id);
          // Someone else took it meanwhile, or it was closed.
          if (!found || found.ownerId !== userId || found.workStatus === "closed") return;
          await repository.clearOwner(tx, id);
          const chosen =
            found.status === "received" ? await assignIn(tx, id, { exclude: [userId] }) : undefined;
          if (chosen) result.reassigned++;
          else {
            await repository.setOwner(tx, id, null, null);
            result.unassigned++;
          }
        });
      }
      return result;
    },
  };
}

export type Assignment = ReturnType<typeof createAssignment>;
