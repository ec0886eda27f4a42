/**
 * The claims from the desk (docs/claims.md, shapes: #domain/desk/contract):
 *   GET  /api/desk/claims                                   (staff) ClaimsOverview
 *   PUT  /api/desk/claims/roles/:role  {userId|null}        (admin) who holds an owner or approver role
 *   POST /api/desk/claims/:id/evidence?label=…  <file bytes> (the claim's owner, or admin) -> 201
 *   GET  /api/desk/claims/:id/evidence/:evidenceId/download (staff) the file, as an attachment
 *   POST /api/desk/claims/:id/evidence/:evidenceId/withdraw {reason} (the claim's owner, or admin)
 *   POST /api/desk/claims/:id/reviews  {reviewBy, note}      (the claim's owner, or admin)
 * Each claim's status, on the desk's today (DESK_TIME_ZONE), comes from the
 * register and the stored state (#domain/claims/status); its pages from the
 * served build's claims-manifest.json (scripts/check-claims.mjs). An evidence
 * file is a PDF, PNG or JPEG by its bytes, stored encrypted in the document
 * room's store, served with nosniff, no-store and a sandboxing policy. Every
 * change is one transaction with its audit row; every download is audited;
 * after a change the state file the build reads is written again.
 */
import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import type { FastifyBaseLogger, FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  claimEvidenceLabel,
  claimReviewInput,
  claimRoleInput,
  claimWithdrawInput,
} from "#domain/desk/inputs";
import type { ClaimsOverview } from "#domain/desk/contract";
import { claimReviewBy } from "#domain/claims/status";
import {
  findActivePerson,
  findEvidence,
  insertEvidence,
  insertReview,
  listEvidence,
  markWithdrawn,
  roleHolders,
  setRoleHolder,
  storedStates,
} from "../../claims/claims-repository";
import { CLAIM_ROLES, claimsOverview, findClaim, mayWork, type ClaimsActor } from "../../claims/claims";
import {
  evidenceFileName,
  readEvidenceFile,
  RefusedEvidenceError,
  storeEvidenceFile,
} from "../../claims/evidence-file";
import { writeClaimsState } from "../../claims/state-file";
import { DocumentTooLargeError } from "../../documents/document-store";
import { documentHeaders } from "../../documents/served-document";
import { documentsKeys, type DocumentsKeys } from "../../documents/keyring-setup";
import { isUuid } from "../../store/row-values";
import { auditRecord } from "../audit/audit-request";
import { requireRole } from "../auth/guard";
import { deskBody } from "../body";
import { DOCUMENT_CSP } from "../documents/document-routes";
import { deskQuery } from "../query";
import { today } from "../zoned-day";

export interface ClaimsRouteOptions {
  /** The served build's claims-manifest.json; absent when no build is present. */
  manifestFile: string;
  /** The clock the statuses are computed against (tests set the day). */
  now?: () => Date;
}

export const CLAIM_MESSAGES = {
  notFound: "No such claim",
  notOwner: "Only the claim's owner or an admin can do this",
  noSuchRole: "No claim names this role",
  noSuchPerson: "Choose an active staff member",
  withdrawn: "This evidence is already withdrawn",
  notAfterToday: "The next review day must be after today",
  documentsOff: "Evidence files are not available: the documents' master key is not configured.",
  notOctets: "Send the file's bytes as application/octet-stream",
} as const;

/** Each claim's pages from the manifest, or null when there is no readable manifest. */
async function readClaimPages(
  file: string,
  log: FastifyBaseLogger,
): Promise<Record<string, string[]> | null> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT")
      log.warn({ err: error, file }, "claims manifest unreadable");
    return null;
  }
  try {
    const manifest = JSON.parse(text) as { claims?: Record<string, string[]> };
    return manifest.claims ?? {};
  } catch (error) {
    log.warn({ err: error, file }, "claims manifest is not JSON");
    return null;
  }
}

const claimParams = z.object({ id: z.string().min(1).max(100) });
const evidenceParams = claimParams.extend({ evidenceId: z.string().refine(isUuid) });
const roleParams = z.object({ role: z.string().min(1).max(100) });
const labelQuery = deskQuery({ label: claimEvidenceLabel });

const claimsRoutes: FastifyPluginAsync<ClaimsRouteOptions> = async (plugin, { manifestFile, now }) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const { store, config } = app;
  const staff = { preValidation: requireRole("staff") };
  const admin = { preValidation: requireRole("admin") };
  let keys: DocumentsKeys | undefined;
  const keysOf = () => (keys ??= documentsKeys(config));
  const dayNow = () => today(config.desk.timeZone, now?.() ?? new Date());
  const actorOf = (request: FastifyRequest): ClaimsActor => ({
    userId: request.staff!.userId,
    role: request.staff!.role,
  });
  const personOf = (request: FastifyRequest) => ({
    id: request.staff!.userId,
    name: request.staff!.name,
    email: request.staff!.email,
  });
  /** The build reads the state file: written again after each change (a failure is logged, the change stands). */
  const stateChanged = (request: FastifyRequest) =>
    writeClaimsState(store, config.claims.stateFile).catch((err: unknown) =>
      request.log.error({ err, file: config.claims.stateFile }, "claims: writing the state file failed"),
    );

  // An evidence file's bytes arrive as they are and are streamed from request.raw into the store
  // (never whole in memory); no parsed body, as the room's uploads (upload-routes.ts).
  app.addContentTypeParser("application/octet-stream", (_request, _payload, done) => done(null));

  app.get("/api/desk/claims", staff, async (request) => {
    const pages = await readClaimPages(manifestFile, request.log);
    return (await claimsOverview(store, {
      today: dayNow(),
      pages,
      actor: actorOf(request),
    })) satisfies ClaimsOverview;
  });

  app.put(
    "/api/desk/claims/roles/:role",
    { ...admin, schema: { params: roleParams, body: deskBody(claimRoleInput) } },
    async (request, reply) => {
      const { role } = request.params;
      if (!CLAIM_ROLES.includes(role)) return reply.code(404).send({ error: CLAIM_MESSAGES.noSuchRole });
      const { userId } = request.body;
      const outcome = await store.transaction(async (tx) => {
        const person = userId === null ? null : await findActivePerson(tx, userId);
        if (userId !== null && !person) return "no-person" as const;
        const holders = await roleHolders(tx);
        const before = holders.find((holder) => holder.role === role);
        await setRoleHolder(tx, role, userId, request.staff!.userId);
        await app.desk.audit.record(
          auditRecord(request, "claim-role.assigned", role, {
            role,
            from: before?.id ?? null,
            fromName: before ? before.name || before.email : null,
            to: person?.id ?? null,
            toName: person ? person.name || person.email : null,
          }),
          tx,
        );
        return "done" as const;
      });
      if (outcome === "no-person") return reply.code(400).send({ error: CLAIM_MESSAGES.noSuchPerson });
      return { role, userId };
    },
  );

  /** The claim, or a 404/403 sent; for a change: the owner or an admin. */
  async function workable(request: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply) {
    const record = findClaim(request.params.id);
    if (!record) {
      await reply.code(404).send({ error: CLAIM_MESSAGES.notFound });
      return undefined;
    }
    if (!(await mayWork(store, actorOf(request), record))) {
      await reply.code(403).send({ error: CLAIM_MESSAGES.notOwner });
      return undefined;
    }
    return record;
  }

  app.post(
    "/api/desk/claims/:id/evidence",
    {
      ...staff,
      bodyLimit: config.documents.maxFileBytes + 1,
      schema: { params: claimParams, querystring: labelQuery },
    },
    async (request, reply) => {
      if (!request.headers["content-type"]?.startsWith("application/octet-stream"))
        return reply.code(415).send({ error: CLAIM_MESSAGES.notOctets });
      const record = await workable(request, reply);
      if (!record) return reply;
      const found = keysOf();
      if ("off" in found) return reply.code(503).send({ error: CLAIM_MESSAGES.documentsOff });
      const { label } = request.query;
      let stored;
      try {
        stored = await storeEvidenceFile(store, found.keyring, request.raw, config.documents.maxFileBytes);
      } catch (error) {
        if (error instanceof RefusedEvidenceError) return reply.code(400).send({ error: error.message });
        if (error instanceof DocumentTooLargeError)
          return reply
            .code(413)
            .send({ error: `The file is larger than ${config.documents.maxFileBytes} bytes` });
        throw error;
      }
      const id = randomUUID();
      await store.transaction(async (tx) => {
        await insertEvidence(tx, {
          id,
          claimId: record.id,
          documentId: stored.documentId,
          label,
          by: personOf(request),
        });
        await app.desk.audit.record(
          auditRecord(request, "claim-evidence.added", record.id, {
            evidenceId: id,
            label,
            mediaType: stored.mediaType,
            size: stored.size,
          }),
          tx,
        );
      });
      await stateChanged(request);
      return reply.code(201).send({ id, label, mediaType: stored.mediaType, size: stored.size });
    },
  );

  app.get(
    "/api/desk/claims/:id/evidence/:evidenceId/download",
    { ...staff, schema: { params: evidenceParams } },
    async (request, reply) => {
      const { id, evidenceId } = request.params;
      const evidence = findClaim(id) && (await findEvidence(store, id, evidenceId));
      if (!evidence) return reply.code(404).send({ error: "Not Found" });
      const found = keysOf();
      if ("off" in found) return reply.code(503).send({ error: CLAIM_MESSAGES.documentsOff });
      const body = await readEvidenceFile(store, found.keyring, evidence.documentId);
      const position =
        (await listEvidence(store))
          .filter((row) => row.claimId === id)
          .findIndex((row) => row.id === evidenceId) + 1;
      const fileName = evidenceFileName(id, position, evidence.mediaType);
      await app.desk.audit.record(
        auditRecord(request, "claim-evidence.downloaded", id, {
          evidenceId,
          label: evidence.label,
          withdrawn: evidence.withdrawnAt !== null,
        }),
      );
      return reply
        .headers(documentHeaders(evidence, fileName, "attachment"))
        .header("content-security-policy", DOCUMENT_CSP)
        .send(body);
    },
  );

  app.post(
    "/api/desk/claims/:id/evidence/:evidenceId/withdraw",
    { ...staff, schema: { params: evidenceParams, body: deskBody(claimWithdrawInput) } },
    async (request, reply) => {
      const record = await workable(request, reply);
      if (!record) return reply;
      const { evidenceId } = request.params;
      const { reason } = request.body;
      const outcome = await store.transaction(async (tx) => {
        const evidence = await findEvidence(tx, record.id, evidenceId, true);
        if (!evidence) return "missing" as const;
        if (evidence.withdrawnAt) return "withdrawn" as const;
        await markWithdrawn(tx, evidenceId, reason, personOf(request));
        await app.desk.audit.record(
          auditRecord(request, "claim-evidence.withdrawn", record.id, {
            evidenceId,
            label: evidence.label,
            reason,
          }),
          tx,
        );
        return "done" as const;
      });
      if (outcome === "missing") return reply.code(404).send({ error: "Not Found" });
      if (outcome === "withdrawn") return reply.code(409).send({ error: CLAIM_MESSAGES.withdrawn });
      await stateChanged(request);
      return { id: evidenceId, withdrawn: true };
    },
  );

  app.post(
    "/api/desk/claims/:id/reviews",
    { ...staff, schema: { params: claimParams, body: deskBody(claimReviewInput) } },
    async (request, reply) => {
      const record = await workable(request, reply);
      if (!record) return reply;
      const { reviewBy, note } = request.body;
      if (reviewBy <= dayNow()) return reply.code(400).send({ error: CLAIM_MESSAGES.notAfterToday });
      const review = await store.transaction(async (tx) => {
        const previousReviewBy = claimReviewBy(record, (await storedStates(tx))[record.id]);
        const row = await insertReview(tx, { claimId: record.id, reviewBy, note, by: personOf(request) });
        await app.desk.audit.record(
          auditRecord(request, "claim.reviewed", record.id, { reviewBy, previousReviewBy, note }),
          tx,
        );
        return row;
      });
      await stateChanged(request);
      return reply.code(201).send(review);
    },
  );
};

export default claimsRoutes;
