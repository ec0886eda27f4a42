/** The mail outbox (staff and admin): the e-mails the site sends, and sending one again. */
import { queryString, request } from "../common/api/client";
import type { MailList, MailRedelivered, MailStatus } from "#domain/desk/contract";

export const listMail = (
  query: { status?: MailStatus; cursor?: string; limit?: number },
  signal?: AbortSignal,
) => request<MailList>(`/mail${queryString(query)}`, { signal });

/** A failed (or waiting) e-mail is due again now, with a fresh retry schedule and the same Message-ID. */
export const redeliverMail = (id: string) =>
  request<MailRedelivered>(`/mail/${encodeURIComponent(id)}/redeliver`, { method: "POST", body: {} });
