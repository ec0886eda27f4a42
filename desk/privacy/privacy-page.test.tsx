// @vitest-environment jsdom
/**
 * The privacy-request queue shows, with each access request whose copy was
 * sent, every opening of the link (when, from which client, as JSON or not),
 * or that it was not opened yet; requests with no copy say nothing of it.
 */
import { screen, within } from "@testing-library/react";
import type { PrivacyRequestItem } from "#domain/desk/contract";
import { admin, fakeApi } from "../../test/support/desk-pages/fake-api";
import { renderDesk } from "../../test/support/desk-pages/render";

const request = (overrides: Partial<PrivacyRequestItem>): PrivacyRequestItem => ({
  id: "r-1",
  kind: "access",
  email: "dana@example.com",
  name: "Dana Owner",
  details: "",
  status: "completed",
  verifiedAt: "2026-11-20T15:00:00Z",
  dueAt: "2026-12-20T15:00:00Z",
  owner: { id: admin.id, name: admin.name },
  resolution: "A copy of the data was e-mailed to the requester.",
  closedAt: "2026-11-21T15:00:00Z",
  packageOpenings: null,
  ...overrides,
});

test("the closed queue shows each opening of a copy's link, and a copy nobody opened", async () => {
  const opened = request({
    packageOpenings: {
      count: 7,
      recent: [
        { at: "2026-11-23T14:30:00Z", format: "json", client: "Firefox on Windows" },
        { at: "2026-11-22T09:15:00Z", format: "page", client: "Safari on iOS" },
        { at: "2026-11-22T09:14:00Z", format: "page", client: "an automated client" },
        { at: "2026-11-22T09:13:00Z", format: "page", client: "Chrome on Android" },
        { at: "2026-11-22T09:12:00Z", format: "page", client: "Chrome on Android" },
        { at: "2026-11-22T09:11:00Z", format: "page", client: "Edge on Windows" },
      ],
    },
  });
  const unopened = request({
    id: "r-2",
    email: "sam@example.com",
    packageOpenings: { count: 0, recent: [] },
  });
  const refused = request({
    id: "r-3",
    email: "lee@example.com",
    kind: "delete",
    status: "refused",
    resolution: "Under legal hold",
  });
  const api = fakeApi({
    "GET /me": { body: admin },
    "GET /privacy-requests": { body: { items: [opened, unopened, refused] } },
  });
  renderDesk("/desk/privacy-requests?view=closed");
  const table = await screen.findByRole("table", { name: "Closed privacy requests" });
  expect(api.callsTo("GET /privacy-requests")[0].query.get("view")).toBe("closed");

  const rowOf = (email: string) =>
    within(table)
      .getAllByRole("row")
      .find((row) => row.textContent?.includes(email))!;
  const openedRow = rowOf("dana@example.com");
  expect(openedRow).toHaveTextContent("Copy opened 7 times");
  expect(openedRow).toHaveTextContent(/Nov 23, 2026.*9:30.*Firefox on Windows \(JSON\)/);
  expect(openedRow).toHaveTextContent(/Nov 22, 2026.*4:15.*Safari on iOS/);
  expect(openedRow).toHaveTextContent("an automated client");
  expect(openedRow).not.toHaveTextContent("Edge on Windows");
  expect(openedRow).toHaveTextContent("and 2 more in the audit log");

  expect(rowOf("sam@example.com")).toHaveTextContent("Copy not opened yet");
  expect(rowOf("lee@example.com")).not.toHaveTextContent(/Copy (opened|not opened)/);
});
