/** Looking up SMS consents by phone or e-mail. */
import { queryString, request } from "../common/api/client";
import type { ConsentLookupItem, Items } from "#domain/desk/contract";

export const lookupConsents = (by: { phone: string } | { email: string }, signal?: AbortSignal) =>
  request<Items<ConsentLookupItem>>(`/consents${queryString(by)}`, { signal });
