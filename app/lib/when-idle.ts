/**
 * Runs `task` once the browser is idle (at the latest after `timeout` ms), or
 * after 200 ms where `requestIdleCallback` is missing (Safari). Returns a
 * function that cancels it; an effect can return it as its cleanup.
 */
export function whenIdle(task: () => void, timeout = 2000): () => void {
  if (typeof requestIdleCallback !== "function") {
    const timer = setTimeout(task, 200);
    return () => clearTimeout(timer);
  }
  const idle = requestIdleCallback(task, { timeout });
  return () => cancelIdleCallback(idle);
}
