/**
 * Every application gets an owner: round-robin among the staff on duty
 * (desk_duty.on_duty, account not disabled), the turn going to whoever was
 * assigned one longest ago (never first, then by id). Routing rules send an
 * application of a funding type and/or amount band to a group's members on
 * duty; with nobody of the group on duty it goes to everyone on duty; with
 * nobody on duty at all it waits unassigned (the inbox's Unassigned view)
 * until somebody comes on duty, who is then given the waiting ones
 * (assignWaiting; the sweep looks for any left over every minute).
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
 * On the embedded store (one statement at a time) the intake chooses the
 * owner in the application's own INSERT (server/intake). On PostgreSQL the
 * intake's assignments are made in batches, after the application is
 * stored and acknowledged (the 201 never waits for its owner): while one
 * batch is being assigned, the applications stored meanwhile wait for the
 * next, which takes the lock once for all of them (in the order they were
 * stored). Under a burst that is one short transaction for many
 * applications, so assignment keeps up with the intake; alone, an
 * application is assigned within a few tens of milliseconds. A batch
 * commits without waiting for the WAL flush (asynchronous commit), so the
 * lock is not held through a disk flush either. Each application stored
 * carries a marker (awaiting_owner) until a batch has been through it: one
 * whose batch never ran or was lost (the process or the database stopped in
 * between) is found by the sweep (startAssignmentSweep) and assigned then.
 * Staff's own changes (claim, release, disabling) stay durable.
 */
import type { FastifyBaseLogger } from "fastify";
import { runEvery } from "../periodic";
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

/**
 * Records one waiting application's new owner, in the assigning transaction
 * (its audit row: waiting-audit.ts).
 */
export type RecordGiven = (tx: Queryable, id: string, owner: Chosen) => Promise<void>;

/** At most this many applications in one assignment transaction. */
const BATCH_LIMIT = 200;

/**
 * How long the intake's next batch waits for more applications to join it:
 * under a burst, fewer and larger batches (one transaction and one lock for
 * all of them); alone, an application is assigned this much later.
 */
export const INTAKE_GATHER_MS = 50;

/** The sweep leaves alone what the intake's own queue is still about to assign. */
export const SWEEP_GRACE_MS = 30_000;

export function createAssignment(
  store: Store,
  log?: Pick<FastifyBaseLogger, "warn">,
  {
    /** How long a new batch waits for others to join it (the intake's; none by default). */
    gatherMs = 0,
  }: { gatherMs?: number } = {},
) {
  const repository = createAssignmentRepository(store);
  /** New applications waiting for the next batch, and who waits for each. */
  let waiting: { id: string; done: (chosen: Chosen | undefined) => void }[] = [];
  /** The batches running now, until nothing waits. */
  let draining: Promise<void> | null = null;

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
   * were stored. Nobody on duty: no lock, only their markers cleared (they
   * wait unassigned, as docs/assignment.md says).
   */
  async function assignBatch(ids: string[]): Promise<Map<string, Chosen>> {
    const chosen = new Map<string, Chosen>();
    if (!(await repository.anyoneOnDuty())) {
      await repository.passOver(ids);
      return chosen;
    }
    await store.transaction(async (tx) => {
      await repository.commitWithoutFlush(tx);
      const found = await repository.lockApplications(tx, ids);
      const open = ids.filter((id) => {
        const application = found.get(id);
        return (
          application?.awaitingOwner &&
          application.status === "received" &&
          !application.ownerId &&
          application.workStatus !== "closed"
        );
      });
      if (open.length) {
        await repository.lockTurns(tx);
        for (const id of open) {
          const owner = await repository.assignNext(tx, id);
          if (owner) chosen.set(id, owner);
        }
      }
      // Through, whether or not anyone took them.
      await repository.passOver(ids, tx);
    });
    return chosen;
  }

  /** Assigns what waits, batch after batch, until nothing does. */
  async function drain(): Promise<void> {
    while (waiting.length) {
      // Let a burst's other applications join this batch: fewer, larger batches.
      if (gatherMs > 0) await new Promise((resolve) => setTimeout(resolve, gatherMs));
      const batch = waiting.slice(0, BATCH_LIMIT);
      waiting = waiting.slice(BATCH_LIMIT);
      const ids = batch.map((entry) => entry.id);
      let chosen = new Map<string, Chosen>();
      try {
        chosen = await assignBatch(ids);
      } catch (error) {
        log?.warn(
          { err: error, applicationIds: ids },
          "assignment failed; the applications wait for the sweep",
        );
      }
      for (const entry of batch) entry.done(chosen.get(entry.id));
    }
    draining = null;
  }

  /** Queues `id` for the next batch; resolves with its owner once the batch is through. */
  function enqueue(id: string): Promise<Chosen | undefined> {
    return new Promise((done) => {
      waiting.push({ id, done });
      draining ??= drain();
    });
  }

  return {
    repository,
    assignIn,

    /**
     * A new application's owner, after it was stored: queued for the next
     * batch (see above); resolves once that batch is through. Never throws
     * and need not be awaited: a failure is logged and the application
     * keeps its marker, so the sweep assigns it later.
     */
    assignNew: enqueue,

    /** Resolves when every application queued so far has been through its batch. */
    async settled(): Promise<void> {
      while (draining) await draining;
    },

    /**
     * Assigns the applications whose batch never ran (stored more than
     * `SWEEP_GRACE_MS` ago and still marked); returns how many it looked at.
     */
    async sweep(limit = BATCH_LIMIT): Promise<number> {
      const ids = await repository.awaitingOwner(SWEEP_GRACE_MS, limit);
      await Promise.all(ids.map(enqueue));
      return ids.length;
    },

    /**
     * The applications waiting for an owner (repository.lockWaiting: they
     * arrived while nobody was on duty) are given owners by the round-robin,
     * oldest first, as they would have been had someone been on duty: the
     * member who just came on duty takes them all when alone, several on
     * duty share them. BATCH_LIMIT per transaction, until none waits or
     * nobody is on duty. `recordGiven` writes each one's audit row in the
     * same transaction; its timeline shows the assignment by the system, as
     * the intake's. Returns how many were given an owner.
     */
    async assignWaiting(recordGiven?: RecordGiven): Promise<number> {
      let assigned = 0;
      for (;;) {
        if (!(await repository.anyoneOnDuty())) return assigned;
        const done = await store.transaction(async (tx) => {
          const ids = await repository.lockWaiting(tx, BATCH_LIMIT);
          if (ids.length === 0) return { looked: 0, given: 0 };
          await repository.lockTurns(tx);
          let given = 0;
          for (const id of ids) {
            const owner = await repository.assignNext(tx, id);
            if (!owner) break;
            given++;
            await recordGiven?.(tx, id, owner);
          }
          return { looked: ids.length, given };
        });
        assigned += done.given;
        // A short batch was the last; one nobody could take ends it too.
        if (done.looked < BATCH_LIMIT || done.given < done.looked) return assigned;
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

/** How often every instance looks for applications whose assignment batch never ran. */
export const SWEEP_EVERY_MS = 60_000;

/**
 * The sweep, now and every `everyMs`: applications stored but never through
 * an assignment batch get their owner (normally none; after a crash, those
 * stored in its last moments), and those waiting for an owner while somebody
 * is on duty get one (assignWaiting: normally taken by whoever came on duty;
 * this catches any left over, such as one put back by hand), so an
 * unassigned application is never silently left to its deadline. Returns the
 * function that stops it.
 */
export function startAssignmentSweep(options: {
  store: Store;
  log: FastifyBaseLogger;
  /** Audits each waiting application the sweep gives out. */
  recordGiven?: RecordGiven;
  everyMs?: number;
}): () => Promise<void> {
  const log = options.log.child({ component: "assignment" });
  const assignment = createAssignment(options.store, log);
  return runEvery(
    options.everyMs ?? SWEEP_EVERY_MS,
    () =>
      assignment
        .sweep()
        .then((found) => {
          if (found > 0) log.info({ found }, "applications stored without an assignment were assigned");
          return assignment.assignWaiting(options.recordGiven);
        })
        .then((given) => {
          if (given) log.info({ given }, "applications waiting for an owner were assigned");
        })
        .catch((err) => log.error({ err }, "assignment sweep failed")),
    { immediately: true },
  );
}
