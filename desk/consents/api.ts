/** Looking up SMS consents by phone or e-mail, and recording an opt-out (the ledger's look-up is shared: common/api). */
import { queryString, request } from "../common/api/client";
import type { ConsentLookupItem, Items, OptOut, OptOutInput } from "#domain/desk/contract";

export const lookupConsents = (by: { phone: string } | { email: string }, signal?: AbortSignal) =>
  request<Items<ConsentLookupItem>>(`/consents${queryString(by)}`, { signal });

export const recordOptOut = (input: OptOutInput) =>
  request<OptOut>("/opt-outs", { method: "POST", body: input });
