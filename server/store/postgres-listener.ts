/**
 * LISTEN on PostgreSQL for one store: a dedicated connection (never a pooled
 * one, whose LISTEN would go back to the pool with it) opened by the first
 * listener and closed with the last. When it drops (a restart, a failover, an
 * idle connection cut by the network) it is opened again with backoff, every
 * channel is listened to again, and each listener's `onReconnect` runs: what
 * was notified in between is lost, and the listener must catch up. A ping
 * every PING_MS notices a connection the network dropped without a word.
 */
import pg from "pg";

export interface ListenerOptions {
  /** The first reconnection waits this long, doubling up to `maxDelayMs` (with jitter). */
  minDelayMs?: number;
  maxDelayMs?: number;
  pingMs?: number;
}

interface Subscription {
  onMessage: (payload: string) => void;
  onReconnect?: () => void;
}

const PING_TIMEOUT_MS = 10_000;

const identifier = (name: string) => `"${name.replaceAll('"', '""')}"`;

export function createPostgresListener(clientConfig: pg.ClientConfig, options: ListenerOptions = {}) {
  const minDelayMs = options.minDelayMs ?? 250;
  const maxDelayMs = options.maxDelayMs ?? 30_000;
  const pingMs = options.pingMs ?? 30_000;
  const channels = new Map<string, Set<Subscription>>();
  let client: pg.Client | null = null;
  let connecting: Promise<pg.Client> | null = null;
  let retry: NodeJS.Timeout | null = null;
  let ping: NodeJS.Timeout | null = null;
  let delayMs = minDelayMs;
  let closed = false;

  function dispatch(message: pg.Notification) {
    for (const subscription of channels.get(message.channel) ?? []) {
      subscription.onMessage(message.payload ?? "");
    }
  }

  /** The connection is gone (or could not be trusted): drop it and, while someone listens, come back. */
  function lost(gone: pg.Client) {
    if (gone !== client) return;
    client = null;
    if (ping) clearInterval(ping);
    ping = null;
    gone.end().catch(() => undefined);
    scheduleReconnect();
  }

  async function open(): Promise<pg.Client> {
    const next = new pg.Client({ ...clientConfig, keepAlive: true });
    next.on("notification", dispatch);
    // After connecting, a broken connection emits "error" then "end"; before, connect() rejects.
    next.on("error", () => lost(next));
    next.on("end", () => lost(next));
    try {
      await next.connect();
      for (const channel of channels.keys()) await next.query(`LISTEN ${identifier(channel)}`);
    } catch (error) {
      next.end().catch(() => undefined);
      throw error;
    }
    if (closed) {
      await next.end().catch(() => undefined);
      throw new Error("The store is closed");
    }
    client = next;
    delayMs = minDelayMs;
    ping = setInterval(() => void check(next), pingMs);
    ping.unref();
    return next;
  }

  /** A ping that does not answer in time means the connection is dead, however quiet the socket. */
  async function check(target: pg.Client) {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error("no answer")), PING_TIMEOUT_MS);
    });
    try {
      await Promise.race([target.query("SELECT 1"), timeout]);
    } catch {
      lost(target);
    } finally {
      clearTimeout(timer);
    }
  }

  function connection(): Promise<pg.Client> {
    if (client) return Promise.resolve(client);
    connecting ??= open().finally(() => (connecting = null));
    return connecting;
  }

  function scheduleReconnect() {
    if (closed || retry || channels.size === 0) return;
    const wait = delayMs / 2 + Math.random() * delayMs;
    delayMs = Math.min(delayMs * 2, maxDelayMs);
    retry = setTimeout(async () => {
      retry = null;
      try {
        await connection();
      } catch {
        scheduleReconnect();
        return;
      }
      for (const set of channels.values()) for (const subscription of set) subscription.onReconnect?.();
    }, wait);
    retry.unref();
  }

  return {
    async listen(
      channel: string,
      onMessage: (payload: string) => void,
      onReconnect?: () => void,
    ): Promise<() => Promise<void>> {
      if (closed) throw new Error("The store is closed");
      const subscription: Subscription = { onMessage, onReconnect };
      const fresh = !channels.has(channel);
      const set = channels.get(channel) ?? new Set();
      channels.set(channel, set);
      set.add(subscription);
      try {
        // A connection opened meanwhile may already listen to it: LISTEN twice is harmless.
        const target = await connection();
        if (fresh) await target.query(`LISTEN ${identifier(channel)}`);
      } catch (error) {
        set.delete(subscription);
        if (set.size === 0) channels.delete(channel);
        throw error;
      }
      return async () => {
        if (!set.delete(subscription) || set.size > 0) return;
        channels.delete(channel);
        const target = client;
        if (!target) return;
        if (channels.size === 0) {
          client = null;
          if (ping) clearInterval(ping);
          ping = null;
          await target.end().catch(() => undefined);
        } else {
          await target.query(`UNLISTEN ${identifier(channel)}`).catch(() => undefined);
        }
      };
    },

    async close(): Promise<void> {
      closed = true;
      channels.clear();
      if (retry) clearTimeout(retry);
      if (ping) clearInterval(ping);
      retry = ping = null;
      const target = client ?? (await connecting?.catch(() => null));
      client = null;
      await target?.end().catch(() => undefined);
    },
  };
}
