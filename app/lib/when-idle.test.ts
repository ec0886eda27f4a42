// @vitest-environment jsdom
import { afterEach, expect, test, vi } from "vitest";
import { whenIdle } from "./when-idle";

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

test("runs the task when the browser is idle, with the deadline given, and can be cancelled", () => {
  const idle = vi.fn((task: () => void, options: { timeout: number }) => {
    void options;
    return setTimeout(task, 0) as unknown as number;
  });
  const cancel = vi.fn((handle: number) => clearTimeout(handle));
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
  vi.stubGlobal("requestIdleCallback", idle);
  vi.stubGlobal("cancelIdleCallback", cancel);
  const task = vi.fn();
  whenIdle(task, 5000);
  expect(idle).toHaveBeenCalledWith(task, { timeout: 5000 });
  vi.runAllTimers();
  expect(task).toHaveBeenCalledTimes(1);

  const never = vi.fn();
  whenIdle(never)();
  vi.runAllTimers();
  expect(cancel).toHaveBeenCalled();
  expect(never).not.toHaveBeenCalled();
});

test("without requestIdleCallback it waits 200 ms, and can be cancelled", () => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
  vi.stubGlobal("requestIdleCallback", undefined);
  const task = vi.fn();
  whenIdle(task);
  vi.advanceTimersByTime(199);
  expect(task).not.toHaveBeenCalled();
  vi.advanceTimersByTime(1);
  expect(task).toHaveBeenCalledTimes(1);

  const never = vi.fn();
  whenIdle(never)();
  vi.advanceTimersByTime(1000);
  expect(never).not.toHaveBeenCalled();
});
