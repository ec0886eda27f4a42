/**
 * One file into one checklist item: checked here first (its size, and its
 * type by its first bytes, never its name: domain/documents/file-kind.ts), then
 * sent with tus (decision 0018), in chunks that resume where a dropped
 * connection stopped. tus-js-client is imported only when the first upload
 * starts, so the room's page loads without it.
 */
import { detectFileKind, SNIFF_BYTES } from "#domain/documents/file-kind";
import { ROOM_UPLOADS_PATH, UPLOAD_CHUNK_BYTES } from "#domain/documents/room-view";
import type { DetailedError } from "tus-js-client";
import { OFFLINE, SOMETHING_WRONG } from "./room-api";
import { formatFileSize } from "#domain/lib/format";

/** Then a button to try again. */
export const RETRY_DELAYS = [1000, 3000, 10_000, 30_000];

export interface UploadHandlers {
  onProgress(sent: number, total: number): void;
  /** The connection dropped; it tries again by itself. */
  onRetry(): void;
  onDone(): void;
  /** Refused or given up on, with the sentence to show. */
  onFailed(message: string): void;
}

/** Why the file cannot go, before a byte is sent; null when it may. */
export async function refusalOf(file: File, maxFileBytes: number): Promise<string | null> {
  if (file.size > maxFileBytes) {
    return `This file is ${formatFileSize(file.size)}; each file can be up to ${formatFileSize(maxFileBytes)}. Please send a smaller copy, or split it into parts.`;
  }
  const firstBytes = new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer());
  const detection = detectFileKind(firstBytes);
  return detection.accepted ? null : detection.message;
}

/** The sentence for a failed upload: the server's own for a refusal (413, 415 …), else ours. */
export function failureMessage(error: Error): string {
  const response = (error as DetailedError).originalResponse;
  if (!response) return OFFLINE;
  const status = response.getStatus();
  const body = response.getBody() ?? "";
  let text = body.trim();
  try {
    const parsed: unknown = JSON.parse(body);
    if (parsed && typeof parsed === "object" && typeof (parsed as { error?: unknown }).error === "string")
      text = (parsed as { error: string }).error;
  } catch {
    // A plain sentence: tus's refusals are.
  }
  // Our server's refusals are sentences; tus's own ("Maximum size exceeded") are not.
  if (status >= 400 && status < 500 && text.length <= 400 && /[.!?]$/.test(text)) return text;
  if (status === 413) return "This file is too large to send.";
  return SOMETHING_WRONG;
}

/** Starts sending `file` for the item; gives back a way to stop. */
export async function startUpload(
  file: File,
  itemId: string,
  handlers: UploadHandlers,
): Promise<{ abort(): void }> {
  const { Upload } = await import("tus-js-client");
  const upload = new Upload(file, {
    endpoint: new URL(ROOM_UPLOADS_PATH, window.location.origin).href,
    chunkSize: UPLOAD_CHUNK_BYTES,
    retryDelays: RETRY_DELAYS,
    metadata: { itemId, filename: file.name, filetype: file.type },
    // An unfinished upload resumes only into the item it was for: the same statement sent to
    // two months' items is two uploads.
    fingerprint: async (source) => {
      const { name, type, size, lastModified } = source as File;
      return ["harborline-room", itemId, name, type, size, lastModified].join("/");
    },
    removeFingerprintOnSuccess: true,
    onProgress: handlers.onProgress,
    onShouldRetry(error) {
      const status = (error as DetailedError).originalResponse?.getStatus() ?? 0;
      const retry = !(status >= 400 && status < 500) || status === 409 || status === 423;
      if (retry) handlers.onRetry();
      return retry;
    },
    onSuccess: () => handlers.onDone(),
    onError: (error) => handlers.onFailed(failureMessage(error)),
  });
  const previous = await upload.findPreviousUploads();
  if (previous[0]) upload.resumeFromPreviousUpload(previous[0]);
  upload.start();
  return { abort: () => void upload.abort() };
}
