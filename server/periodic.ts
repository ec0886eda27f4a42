/**
 * A job every instance runs on a timer (the review clock's alerts, the
 * delivery alert summaries, the assignment sweep): `pass` every `everyMs`,
 * and at once with `immediately`; never two passes at a time (a tick that
 * finds one under way is skipped); the timer never keeps the process alive.
 * `pass` handles its own errors. Returns stop, which waits for a pass under way.
 */
export function runEvery(
  everyMs: number,
  pass: () => Promise<unknown>,
  { immediately = false }: { immediately?: boolean } = {},
): () => Promise<void> {
  let running: Promise<unknown> | undefined;
  const tick = () => {
    running ??= pass().finally(() => (running = undefined));
  };
  if (immediately) tick();
  const timer = setInterval(tick, everyMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
