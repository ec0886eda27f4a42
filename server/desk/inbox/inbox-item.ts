/** An inbox row as the desk's lists show it (the inbox, the quarantine, the dead deliveries). */
import type { InboxItem } from "#domain/desk/contract";
import type { InboxRow } from "../../inbox/inbox-repository";

export function toInboxItem(row: InboxRow): InboxItem {
  return {
    id: row.id,
    createdAt: row.created_at,
    companyName: row.company_name,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    phone: row.phone,
    fundingType: row.funding_type,
    fundingAmount: row.funding_amount,
    state: row.status,
    quarantineReason: row.quarantine_reason,
    delivery: row.delivery,
    deliveryAttempts: row.attempts ?? 0,
    source: row.utm_source,
    campaign: row.utm_campaign,
    owner: row.owner_id
      ? { id: row.owner_id, name: row.owner_name ?? "", email: row.owner_email ?? "" }
      : null,
    workStatus: row.work_status,
    closeReason: row.close_reason,
    fundedAmount: row.funded_amount,
    reviewDueAt: row.review_due_at,
    firstTouchedAt: row.first_touched_at,
    followUpAt: row.follow_up_at,
    bookedCallAt: row.booked_call_at,
    unread: row.unread,
    documents: row.documents_state,
  };
}
