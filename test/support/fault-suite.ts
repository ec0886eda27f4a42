/**
 * What every fault suite (test/fault/*-scenarios.ts) does around its tests:
 * each test gets a fresh backend and a fresh peer for the server to talk to
 * (the fake CRM, the SMTP server), starts real server processes, and reads
 * the store once they have stopped; whatever still runs at the end is
 * SIGKILLed. The bundle and the seeded data dir go when the file is done.
 */
import { afterAll, afterEach, beforeEach, expect } from "vitest";
import type { Store } from "../../server/store/store";
import {
  createBackend,
  disposeBundle,
  disposeSeed,
  startServer,
  type ServerProcess,
  type TestBackend,
} from "./fault-harness";
import type { Engine } from "./server";

/** What the server under test talks to; started before each test, stopped after it. */
export interface Peer {
  start(): Promise<void>;
  stop(): Promise<void>;
}

export interface FaultSuite<P extends Peer> {
  /** This test's peer. */
  peer: P;
  backend: TestBackend;
  /** The servers this test started. */
  servers: ServerProcess[];
  /** The store, once stopAndOpen opened it (closed after the test). */
  store: Store | undefined;
  /** Starts a server with the suite's environment and `env` over it. */
  start(env?: Record<string, string>): Promise<ServerProcess>;
  /** Stops the servers still running (SIGTERM, a clean exit expected) and opens the store in the test. */
  stopAndOpen(): Promise<Store>;
}

/**
 * Registers the hooks and returns the suite, whose fields belong to the test
 * running. `env` gives the settings every server of the suite starts with.
 */
export function useFaultSuite<P extends Peer>(
  engine: Engine,
  options: { peer: () => P; env: (peer: P) => Record<string, string> },
): FaultSuite<P> {
  const running = (server: ServerProcess) =>
    server.child.exitCode === null && server.child.signalCode === null;

  const suite: FaultSuite<P> = {
    peer: undefined as unknown as P,
    backend: undefined as unknown as TestBackend,
    servers: [],
    store: undefined,
    async start(env = {}) {
      const server = await startServer(suite.backend, { ...options.env(suite.peer), ...env });
      suite.servers.push(server);
      return server;
    },
    async stopAndOpen() {
      for (const server of suite.servers) {
        if (running(server)) expect(await server.stop()).toBe(0);
      }
      suite.store = await suite.backend.open();
      return suite.store;
    },
  };

  beforeEach(async () => {
    suite.peer = options.peer();
    await suite.peer.start();
    suite.backend = await createBackend(engine);
    suite.servers = [];
  });

  afterEach(async () => {
    for (const server of suite.servers) {
      if (running(server)) server.kill("SIGKILL");
      await server.exited;
    }
    await suite.store?.close();
    suite.store = undefined;
    await suite.peer.stop();
    await suite.backend.dispose();
  });

  afterAll(async () => {
    await disposeBundle();
    await disposeSeed();
  });

  return suite;
}
