/**
 * A verified request to stop texts or e-mail is honoured at once, in the
 * transaction that verifies it: the owner of the address proved it is theirs,
 * so the address (stop-email), or every phone number its applications gave
 * (stop-sms), goes into the opt-out ledger as received through the site's
 * form (recordOptOut: our newsletter stops, the CRM is told), each audited,
 * and the request is completed. A stop-sms request from an address with no
 * application has no number to stop: it stays open for staff.
 */
import type { OptOut } from "#domain/desk/contract";
import type { OptOutRepository } from "../opt-outs/opt-out-repository";
import { optOutAuditDetails, recordOptOut } from "../opt-outs/record-opt-out";
import type { AuditRecord } from "../audit/audit-repository";
import type { Queryable } from "../store/store";
import { phonesOfEmail } from "./privacy-requests-repository";

/** Writes one audit row in the caller's transaction (the audit log's `record`; app.ts passes it). */
export type AuditWriter = (entry: AuditRecord, db: Queryable) => Promise<unknown>;

export interface VerifiedRequest {
  id: string;
  kind: string;
  email: string;
  created_at: Date;
}

/** Records the opt-outs a verified stop request asks for; returns them (none: not a stop request, or no number). */
export async function honourStopRequest(
  tx: Queryable,
  request: VerifiedRequest,
  ledger: OptOutRepository,
  audit: AuditWriter,
): Promise<OptOut[]> {
  if (request.kind !== "stop-email" && request.kind !== "stop-sms") return [];
  const targets =
    request.kind === "stop-email"
      ? [{ channel: "email" as const, phone: null, email: request.email }]
      : (await phonesOfEmail(tx, request.email)).map((phone) => ({
          channel: "sms" as const,
          phone,
          email: null,
        }));
  const recorded: OptOut[] = [];
  for (const target of targets) {
    const done = await recordOptOut(tx, ledger, {
      ...target,
      receivedVia: "web-form",
      note: `Privacy request ${request.id}`,
      recordedBy: null,
      receivedAt: request.created_at.toISOString(),
    });
    await audit(
      {
        actorId: null,
        actorEmail: null,
        action: "consent.opt-out-recorded",
        target: request.id,
        details: { privacyRequestId: request.id, ...optOutAuditDetails(done) },
      },
      tx,
    );
    recorded.push(done.optOut);
  }
  if (recorded.length > 0) {
    await tx.query(
      `UPDATE privacy_requests SET status = 'completed', closed_at = now(), resolution = $2 WHERE id = $1::uuid`,
      [request.id, `Honoured at once: ${recorded.length} opt-out(s) recorded in the ledger.`],
    );
  }
  return recorded;
}
