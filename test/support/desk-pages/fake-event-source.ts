/**
 * A stand-in for the browser's EventSource in component tests (jsdom has
 * none): each stream the desk opens is kept, and the test plays the server,
 * opening it, sending its events, or failing it.
 */
import { vi } from "vitest";

export class FakeEventSource extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static opened: FakeEventSource[] = [];

  readyState: number = FakeEventSource.CONNECTING;
  closed = false;

  constructor(readonly url: string) {
    super();
    FakeEventSource.opened.push(this);
  }

  close() {
    this.readyState = FakeEventSource.CLOSED;
    this.closed = true;
  }

  /** The server answered 200 with an event stream. */
  open() {
    this.readyState = FakeEventSource.OPEN;
    this.dispatchEvent(new Event("open"));
  }

  /** One server-sent event. */
  send(event: string, data: unknown) {
    this.dispatchEvent(new MessageEvent(event, { data: JSON.stringify(data) }));
  }

  /** The connection dropped (the browser tries again) or was refused (it does not). */
  fail(how: "dropped" | "refused") {
    this.readyState = how === "refused" ? FakeEventSource.CLOSED : FakeEventSource.CONNECTING;
    this.dispatchEvent(new Event("error"));
  }
}

/** Installs the stand-in; returns the streams the desk opens, newest last. */
export function fakeEventSource() {
  FakeEventSource.opened = [];
  vi.stubGlobal("EventSource", FakeEventSource);
  return {
    opened: FakeEventSource.opened,
    /** The stream open now (the last one not closed). */
    current: () => FakeEventSource.opened.filter((stream) => !stream.closed).at(-1),
  };
}
