/**
 * A test peer the server under test talks to (the fake CRM, the SMTP
 * server): on loopback, and able to go down the way a real peer does, every
 * connection dropped at once, hung ones too, and to come back on its port.
 */
import type { AddressInfo, Server, Socket } from "node:net";

export interface Listening {
  /** The port it listens on (the one asked for, or the one it got for 0). */
  port: number;
  /** Stops listening and drops every connection. */
  close(): Promise<void>;
}

/** Listens on 127.0.0.1:`port` (0: any free port); the same port again brings a stopped peer back. */
export async function listenOnLoopback(server: Server, port: number): Promise<Listening> {
  const sockets = new Set<Socket>();
  server.on("connection", (socket: Socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A peer that listens on loopback: `start` (again after `stop`: the same port) and `stop` (it is down). */
export abstract class LoopbackPeer {
  port = 0;
  private listening?: Listening;

  /** A fresh server for each start. */
  protected abstract createServer(): Server;

  async start(): Promise<void> {
    this.listening = await listenOnLoopback(this.createServer(), this.port);
    this.port = this.listening.port;
  }

  /** Stops listening and drops every connection (hung ones too): the peer is down. */
  async stop(): Promise<void> {
    const listening = this.listening;
    this.listening = undefined;
    await listening?.close();
  }
}
