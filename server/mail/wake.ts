/**
 * "Mail was just stored": wakes this process's mail worker at once instead of
 * at its next poll. Only a hint (the worker polls anyway), so a signal that
 * reaches the worker of another store in the same process does no harm.
 */
const listeners = new Set<() => void>();

/** Call after the transaction that stored mail has committed. */
export function notifyMailQueued(): void {
  for (const listener of listeners) listener();
}

export function onMailQueued(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
