/**
 * The tus endpoint (decision 0018) as a Fastify plugin: who may upload is the
 * caller's (`applicationOf`, from the room's session or the desk's), another
 * application's upload is a 404 whatever its id, and the bytes go to the
 * encrypted store through DocumentTusStore. Once every byte is in, the
 * upload's checks run (upload-checks.ts) before the last PATCH is answered.
 * Fastify leaves the body unread (a parser that reads nothing) and the reply
 * to tus (`reply.hijack()`).
 */
import { randomUUID } from "node:crypto";
import { Server } from "@tus/server";
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { BUSY_MESSAGE } from "../plugins/error-handler";
import { StoreBusyError, type Store } from "../store/store";
import { formatFileSize } from "#domain/lib/format";
import { isUuid } from "../store/row-values";
import type { ClamdTarget } from "./clamd";
import { applicationBytes, findDocument } from "./document-repository";
import type { Keyring } from "./master-key";
import { APPLICATION_KEY, DocumentTusStore, UPLOADER_KEY, type TusRefusal } from "./tus-store";
import { RefusedUploadError, checkUpload, type CheckOutcome } from "./upload-checks";

export interface UploadRoutesOptions {
  store: Store;
  /** The master keys, or how to find them when the first upload arrives (not at start-up). */
  keyring: Keyring | (() => Keyring);
  /** Where the endpoint is mounted: uploads are created at it and live under it. */
  path: string;
  maxFileBytes: number;
  maxApplicationBytes: number;
  uploader: "applicant" | "staff";
  /** clamd, when configured: every finished upload is scanned. */
  scanner?: ClamdTarget;
  /** The application this request may upload to (its session's), or null: 404. */
  applicationOf(request: FastifyRequest): Promise<string | null> | string | null;
  /**
   * Checks a new upload's metadata for its application (such as the checklist
   * item it is for, `itemId`): a refusal is answered and nothing is stored.
   * Without it, the metadata's item is taken as given.
   */
  checkMetadata?(
    applicationId: string,
    metadata: Record<string, string | null | undefined>,
  ): Promise<TusRefusal | null>;
  /** Once every byte of an upload is in and its checks have run (its checklist item moves on). */
  onFinish?(documentId: string, outcome: CheckOutcome): Promise<void>;
}

const NOT_FOUND = { error: "Not found" };
const UPLOAD_FAILED = "Something went wrong on our side. Please try again in a moment.";

export const uploadRoutes: FastifyPluginAsync<UploadRoutesOptions> = async (scope, options) => {
  const { store, path } = options;
  /** Each request's application, for tus's hooks (which see the Node request behind theirs). */
  const applications = new WeakMap<object, string>();

  const makeServer = (keyring: Keyring) => {
    const checks = {
      store,
      keyring,
      scanner: options.scanner,
      maxBytes: options.maxFileBytes,
      log: scope.log,
    };
    return new Server({
      path,
      datastore: new DocumentTusStore(store, keyring),
      maxSize: options.maxFileBytes,
      relativeLocation: true,
      disableTerminationForFinishedUploads: true,
      namingFunction: () => randomUUID(),
      async onUploadCreate(request, upload) {
        const raw = request.runtime?.node?.req;
        const applicationId = raw ? applications.get(raw) : undefined;
        if (!applicationId) throw { status_code: 404, body: "Not found" } satisfies TusRefusal;
        const used = await applicationBytes(store, applicationId);
        if (used + (upload.size ?? 0) > options.maxApplicationBytes) {
          throw {
            status_code: 413,
            body: `Your files together can take up to ${formatFileSize(options.maxApplicationBytes)}, and this one would go past it.`,
          } satisfies TusRefusal;
        }
        const refused = await options.checkMetadata?.(applicationId, upload.metadata ?? {});
        if (refused) throw refused;
        const metadata = {
          ...upload.metadata,
          [APPLICATION_KEY]: applicationId,
          [UPLOADER_KEY]: options.uploader,
        };
        return { metadata };
      },
      // tus answers an unexpected error with its own words and the error's message: ours instead,
      // a 503 the client retries for a database that had no connection free in time, else a 500
      // that says nothing of the inside (the log has it).
      onResponseError(_request, error) {
        // A refusal (ours or tus's own) is already worded.
        if (!(error instanceof Error) || "status_code" in error) return undefined;
        if (error instanceof StoreBusyError) return { status_code: 503, body: BUSY_MESSAGE };
        scope.log.error({ err: error }, "an upload request failed");
        return { status_code: 500, body: UPLOAD_FAILED };
      },
      async onUploadFinish(_request, upload) {
        const outcome = await checkUpload(checks, upload.id).catch((error: unknown) => {
          if (error instanceof RefusedUploadError) {
            throw { status_code: 422, body: error.message } satisfies TusRefusal;
          }
          throw error;
        });
        await options.onFinish?.(upload.id, outcome);
        return {};
      },
    });
  };
  let tus: Server | undefined;
  const server = () =>
    (tus ??= makeServer(typeof options.keyring === "function" ? options.keyring() : options.keyring));

  scope.addContentTypeParser("application/offset+octet-stream", (_request, _payload, done) => done(null));

  const handle = async (request: FastifyRequest<{ Params: { id?: string } }>, reply: FastifyReply) => {
    const applicationId = await options.applicationOf(request);
    if (!applicationId) return reply.code(404).send(NOT_FOUND);
    const { id } = request.params;
    if (id !== undefined) {
      const document = isUuid(id) ? await findDocument(store, id) : null;
      if (!document || document.applicationId !== applicationId) return reply.code(404).send(NOT_FOUND);
    }
    applications.set(request.raw, applicationId);
    reply.hijack();
    await server().handle(request.raw, reply.raw);
  };

  const methods = ["POST", "OPTIONS"] as const;
  scope.route({ method: [...methods], url: path, handler: handle });
  scope.route({ method: ["HEAD", "PATCH", "DELETE", "OPTIONS"], url: `${path}/:id`, handler: handle });
};
