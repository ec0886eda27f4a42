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
 * The intake's assignments are made in batches, as the journal and the
 * database group their commits: while one batch is being assigned, the
 * applications stored meanwhile wait for the next, which takes the lock once
 * for all of them (in the order they were stored). Under a burst that is one
 * short transaction for many applications, not one each, so assignment keeps
 * up with the intake; alone, an application is assigned at once. A batch
 * commits without waiting for the WAL flush (asynchronous commit), so the
 * lock is not held through a disk flush either. The application itself was committed
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

/** At most this many applications in one assignment transaction. */
const BATCH_LIMIT = 200;

export function createAssignment(store: Store, log?: Pick<FastifyBaseLogger, "warn">) {
  const repository = createAssignmentRepository(store);
  /** New applications waiting for the next batch, and who waits for each. */
  let waiting: { id: string; done: (chosen: Chosen | undefined) => void }[] = [];
  let assigning = false;

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

  /**
   * One batch of new applications in one transaction: their rows locked (id
   * order), then the turns, then each given the next owner in the order they
   * were stored. Nobody on duty: no transaction, no lock (the usual state at
   * night).
   */
  async function assignBatch(ids: string[]): Promise<Map<string, Chosen>> {
    const chosen = new Map<string, Chosen>();
    if (!(await repository.anyoneOnDuty())) return chosen;
    await store.transaction(async (tx) => {
      await repository.commitWithoutFlush(tx);
      const found = await repository.lockApplications(tx, ids);
      const open = ids.filter((id) => {
        const application = found.get(id);
        return (
          application?.status === "received" && !application.ownerId && application.workStatus !== "closed"
        );
      });
      if (!open.length) return;
      await repository.lockTurns(tx);
      for (const id of open) {
        const owner = await repository.assignNext(tx, id);
        if (owner) chosen.set(id, owner);
      }
    });
    return chosen;
  }

  /** Assigns what waits, batch after batch, until nothing does. */
  async function drain(): Promise<void> {
    assigning = true;
    while (waiting.length) {
      const batch = waiting.slice(0, BATCH_LIMIT);
      waiting = waiting.slice(BATCH_LIMIT);
      const ids = batch.map((entry) => entry.id);
      let chosen = new Map<string, Chosen>();
      try {
        chosen = await assignBatch(ids);
      } catch (error) {
        log?.warn({ err: error, applicationIds: ids }, "assignment failed; the applications stay unassigned");
      }
      for (const entry of batch) entry.done(chosen.get(entry.id));
    }
    assigning = false;
  }

  return {
    repository,
    assignIn,

    /**
     * A new application's owner, after it was stored: resolves once its batch
     * is assigned (see above). Never throws: a failure is logged and the
     * application stays unassigned (staff see it in the Unassigned view and
     * can claim it).
     */
    assignNew(id: string): Promise<Chosen | undefined> {
      return new Promise((done) => {
        waiting.push({ id, done });
        if (!assigning) void drain();
      });
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
