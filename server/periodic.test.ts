import { describe, expect, it } from "vitest";
import { runEvery } from "./periodic";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("runEvery", () => {
  it("runs at once when asked, then on its interval, never two passes at a time, and stop waits for the pass under way", async () => {
    let started = 0;
    let concurrent = 0;
    let most = 0;
    let finished = 0;
    const stop = runEvery(
      10,
      async () => {
        started++;
        most = Math.max(most, ++concurrent);
        await sleep(35);
        concurrent--;
        finished++;
      },
      { immediately: true },
    );
    expect(started).toBe(1);
    await sleep(120);
    await stop();
    expect(most).toBe(1);
    expect(started).toBeGreaterThanOrEqual(2);
    expect(finished).toBe(started);
    const after = started;
    await sleep(40);
    expect(started).toBe(after);
  });

  it("waits for the first interval unless asked to run at once", async () => {
    let started = 0;
    const stop = runEvery(30, async () => void started++);
    expect(started).toBe(0);
    await sleep(45);
    await stop();
    expect(started).toBe(1);
  });
});
