/**
 * "Rows are waiting": the one signal from whoever stores or re-queues outbox
 * rows (the intake, the desk's redeliver and release, the e-mail code) to the
 * workers of this process, so a new row is taken at once rather than at the
 * next poll. Each outbox is named by its table; every worker listens for its
 * own (outbox/worker-loop.ts). Only a hint: the workers poll anyway (rows
 * stored by another instance), so a signal that reaches the worker of another
 * store in the same process costs one claim query and nothing else.
 */
const listeners = new Map<string, Set<() => void>>();

/** Call after the transaction that stored or re-queued rows in `outbox` has committed. */
export function notifyRowsWaiting(outbox: string): void {
  for (const listener of listeners.get(outbox) ?? []) listener();
}

/** Runs `listener` whenever rows are waiting in `outbox`; returns what stops it. */
export function onRowsWaiting(outbox: string, listener: () => void): () => void {
  const set = listeners.get(outbox) ?? new Set();
  listeners.set(outbox, set);
  set.add(listener);
  return () => {
    set.delete(listener);
  };
}
