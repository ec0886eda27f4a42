import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createLogDestination } from "./log-destination";

/** Standard output whose reader is stalled until `resume()`: writes wait in its buffer. */
function stalledOutput() {
  const written: string[] = [];
  const waiting: (() => void)[] = [];
  let stalled = true;
  const output = new Writable({
    highWaterMark: 64,
    write(chunk: Buffer, _encoding, done) {
      written.push(chunk.toString());
      if (stalled) waiting.push(done);
      else done();
    },
  });
  return {
    output,
    written,
    resume() {
      stalled = false;
      for (const done of waiting.splice(0)) done();
    },
  };
}

const line = (n: number) => `${JSON.stringify({ level: 30, msg: `line ${n}` })}\n`;

describe("createLogDestination", () => {
  it("keeps at most the buffer's worth waiting for a stalled reader, drops the rest, and says so once it reads again", async () => {
    const { output, written, resume } = stalledOutput();
    const logs = createLogDestination(output, 200);

    for (let n = 0; n < 50; n++) logs.write(line(n));

    expect(output.writableLength).toBeLessThan(200 + line(0).length);
    expect(logs.dropped).toBeGreaterThan(40);
    expect(await logs.drain(50)).toBe(false);

    resume();
    expect(await logs.drain(1000)).toBe(true);
    const note = JSON.parse(written.at(-1)!);
    expect(note).toMatchObject({
      level: 40,
      msg: `${logs.dropped} log lines were dropped: standard output was not being read`,
    });
    // What was not dropped arrived whole and in order.
    expect(written.slice(0, -1)).toEqual(Array.from({ length: 50 - logs.dropped }, (_, n) => line(n)));
  });

  it("passes every line on while the reader keeps up", async () => {
    const { output, written, resume } = stalledOutput();
    resume();
    const logs = createLogDestination(output, 200);

    for (let n = 0; n < 50; n++) logs.write(line(n));

    expect(await logs.drain(1000)).toBe(true);
    expect(logs.dropped).toBe(0);
    expect(written).toEqual(Array.from({ length: 50 }, (_, n) => line(n)));
  });

  it("drops lines, without throwing, once the reader is gone for good (EPIPE)", async () => {
    const output = new Writable({
      write(_chunk, _encoding, done) {
        done(Object.assign(new Error("write EPIPE"), { code: "EPIPE" }));
      },
    });
    const logs = createLogDestination(output);

    logs.write(line(1));
    await new Promise((resolve) => setImmediate(resolve));
    expect(() => logs.write(line(2))).not.toThrow();

    expect(logs.dropped).toBe(1);
    expect(await logs.drain(10)).toBe(false);
  });
});
