/**
 * One limit, two sides (issue 41, item 6): a note's longest length is set once,
 * in domain/desk/limits.ts, and both the server's route (its schema,
 * domain/desk/inputs.ts, declared on POST /api/desk/applications/:id/notes)
 * and the desk's note form (the field's maxLength and its own check before
 * sending) follow it. Here the limit is changed to 12 characters for this file
 * only (vi.mock of the limits module): over real requests (app.inject) the
 * server refuses 13 characters with the schema's message, and the desk's form,
 * whose requests are passed to the same app, refuses them before sending with
 * the same words, then sends 12 and shows them added. The file runs in Node
 * (the server's modules need it); the desk's part gets a jsdom window of its
 * own, set up after the app is built and the desk's modules imported into it.
 */
import { createElement } from "react";
import { MemoryRouter } from "react-router";
import { afterEach, expect, it, onTestFinished, vi } from "vitest";
import { builtinEnvironments } from "vitest/runtime";
import type { ApplicationDetail } from "#domain/desk/contract";
import { NOTE_MAX } from "#domain/desk/inputs";
import type * as limits from "#domain/desk/limits";
import { submit, useStaffDesk } from "../support/desk-applications";

vi.mock("../../domain/desk/limits", async (original) => ({
  ...(await original<typeof limits>()),
  NOTE_MAX: 12,
}));

const TOO_LONG = "Keep the note to 12 characters";

// The server on the embedded store, in this process.
const { ctx, client, staff } = useStaffDesk("pglite");
const notes = (id: string) => `/api/desk/applications/${id}/notes`;

afterEach(() => vi.unstubAllGlobals());

/** The desk's fetch, answered by the test app as the signed-in member's browser would be. */
function deskTalksToTheServer() {
  const sent: string[] = [];
  vi.stubGlobal("fetch", async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const method = (init.method ?? "GET").toUpperCase() as "GET" | "POST";
    sent.push(`${method} ${url}`);
    const response = await ctx.app.inject({
      method,
      url,
      headers: {
        cookie: staff().cookie,
        origin: "http://localhost:3000",
        ...(typeof init.body === "string" && { "content-type": "application/json" }),
      },
      ...(typeof init.body === "string" && { payload: init.body }),
    });
    return new Response(response.statusCode === 204 ? null : response.body, {
      status: response.statusCode,
      headers: { "content-type": String(response.headers["content-type"] ?? "application/json") },
    });
  });
  return sent;
}

it("the note's limit in domain/desk/limits.ts is the server's and the desk form's", async () => {
  expect(NOTE_MAX).toBe(12);
  const id = await submit(ctx.app);

  // The server: one over is refused with the schema's words, the limit itself taken.
  const over = await client.post(notes(id), { body: "x".repeat(13) });
  expect(over.statusCode).toBe(400);
  expect(over.json()).toEqual({ error: TOO_LONG, errors: { body: TOO_LONG } });
  expect((await client.post(notes(id), { body: "y".repeat(12) })).statusCode).toBe(200);

  // The desk: the field stops at the limit, and its check says what the server would.
  const detail: ApplicationDetail = (await client.get(`/api/desk/applications/${id}`)).json();
  const browser = await builtinEnvironments.jsdom.setup(globalThis, {
    jsdom: { url: "http://localhost:3000/desk" },
  });
  const { cleanup, fireEvent, render, screen, waitFor } = await import("@testing-library/react");
  const { default: userEvent } = await import("@testing-library/user-event");
  const { LogWork } = await import("../../desk/application/log-work");
  onTestFinished(async () => {
    cleanup();
    await browser.teardown(globalThis);
  });
  const sent = deskTalksToTheServer();
  const onWorked = vi.fn();
  render(createElement(MemoryRouter, null, createElement(LogWork, { detail, onWorked })));
  await userEvent.click(screen.getByRole("radio", { name: "Note only" }));
  const note = screen.getByRole("textbox", { name: "Note" });
  expect(note).toHaveAttribute("maxLength", "12");
  // Pasted past maxLength (a script, an old browser): refused before anything is sent.
  fireEvent.change(note, { target: { value: "z".repeat(13) } });
  await userEvent.click(screen.getByRole("button", { name: "Add note" }));
  expect(await screen.findByText(TOO_LONG)).toBeInTheDocument();
  expect(sent).toEqual([]);

  // At the limit it goes through to the server and is added.
  fireEvent.change(note, { target: { value: "z".repeat(12) } });
  await userEvent.click(screen.getByRole("button", { name: "Add note" }));
  await waitFor(() => expect(onWorked).toHaveBeenCalled());
  expect(sent).toEqual([`POST ${notes(id)}`]);
  expect(screen.queryByText(TOO_LONG)).not.toBeInTheDocument();
  expect(screen.getByText("Note added.")).toBeInTheDocument();
});
