/**
 * GET /api/crm/documents/:id?expires=…&signature=…: the CRM fetches an
 * accepted document by the link its announcement carried (document-link.ts;
 * docs/delivery.md). A link of ours, unaltered and in time, streams the
 * decrypted file as an attachment (`nosniff`, `no-store`); an altered or
 * made-up link, or a document not accepted for the CRM (or held, or gone),
 * is 404; a link of ours past its expiry is 410. Each fetch of a link of
 * ours, served or expired, is in the audit log.
 */
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { ACCEPTED_FILE_KINDS } from "#domain/documents/file-kind";
import type { Config } from "../config";
import type { AuditRecord } from "../audit/audit-repository";
import { readDocument } from "../documents/document-store";
import { documentsKeys, type DocumentsKeys } from "../documents/keyring-setup";
import type { Queryable, Store } from "../store/store";
import { DOCUMENT_LINK_PATH, checkDocumentLink } from "./document-link";
import { acceptedDocument } from "./document-outbox-repository";

export interface DocumentDownloadOptions {
  store: Store;
  config: Config;
  audit: (entry: AuditRecord, db?: Queryable) => Promise<unknown>;
}

export const DOWNLOAD_MESSAGES = {
  notFound: "Not found",
  expired: "This link has expired. The CRM is sent a new one with each delivery.",
  documentsOff: "Documents are not available right now. Please try again later.",
} as const;

const params = z.object({ id: z.guid() });
const query = z.object({ expires: z.string().max(20).optional(), signature: z.string().max(100).optional() });

const extensionOf = (mediaType: string | null) =>
  Object.values(ACCEPTED_FILE_KINDS).find((kind) => kind.mediaType === mediaType)?.extension ?? "bin";

const documentDownloadRoutes: FastifyPluginAsync<DocumentDownloadOptions> = async (
  plugin,
  { store, config, audit },
) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  let keys: DocumentsKeys | undefined;
  const keysOf = () => (keys ??= documentsKeys(config));

  app.get(
    `${DOCUMENT_LINK_PATH}/:id`,
    {
      schema: { params, querystring: query },
      config: { invalidInput: { notFound: DOWNLOAD_MESSAGES.notFound, error: DOWNLOAD_MESSAGES.notFound } },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store").header("x-robots-tag", "noindex, nofollow");
      const found = keysOf();
      if ("off" in found) return reply.code(503).send({ error: DOWNLOAD_MESSAGES.documentsOff });
      const { id } = request.params;
      const check = checkDocumentLink(
        found.keyring,
        id,
        request.query.expires ?? "",
        request.query.signature ?? "",
      );
      if (check === "invalid") return reply.code(404).send({ error: DOWNLOAD_MESSAGES.notFound });
      const document = await acceptedDocument(store, id);
      if (!document) return reply.code(404).send({ error: DOWNLOAD_MESSAGES.notFound });
      await audit({
        actorId: null,
        actorEmail: null,
        ip: request.ip,
        userAgent: request.headers["user-agent"],
        action: "document.fetched-by-crm",
        target: document.applicationId,
        details: { documentId: id, served: check === "valid" },
      });
      if (check === "expired") return reply.code(410).send({ error: DOWNLOAD_MESSAGES.expired });
      const body = await readDocument(store, found.keyring, id);
      return reply
        .header("content-type", document.mediaType ?? "application/octet-stream")
        .header("content-length", String(document.size))
        .header(
          "content-disposition",
          `attachment; filename="document-${id}.${extensionOf(document.mediaType)}"`,
        )
        .header("x-content-type-options", "nosniff")
        .send(body);
    },
  );
};

export default documentDownloadRoutes;
