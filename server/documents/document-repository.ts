/**
 * The documents' SQL (migrations 032, 035, 038): rows, sealed chunks, wrapped keys,
 * and the drafts a document's new bytes are written to before they replace its old ones.
 * Bytes travel as base64 (`decode`/`encode`), not as bytea parameters: PGlite
 * converts a bytea parameter byte by byte in JavaScript, ten times slower
 * (decision 0019), and `pg` sends bytea as hex, twice the size.
 */
import type { StatementReading } from "../../domain/documents/statement-coverage";
import type { Queryable, Store } from "../store/store";
import { normalise } from "../store/row-values";

export type Uploader = "applicant" | "staff";

/** Where a document's checks stand (decision 0021): only a "done" one is served. */
export type DocumentChecks = "pending" | "needs-password" | "done";

export type ScanState = "not-scanned" | "clean" | "flagged";

export interface DocumentRow {
  id: string;
  applicationId: string;
  itemId: string | null;
  state: "uploading" | "complete";
  uploadedBy: Uploader;
  originalName: string | null;
  mediaType: string | null;
  declaredSize: number | null;
  size: number;
  chunkCount: number;
  keyId: string;
  wrappedKey: Buffer;
  scan: ScanState;
  checks: DocumentChecks;
  createdAt: string;
  completedAt: string | null;
}

export interface NewDocumentRow {
  id: string;
  /** Null for a claim's evidence (migration 040). */
  applicationId: string | null;
  itemId: string | null;
  uploadedBy: Uploader;
  originalName: string | null;
  mediaType: string | null;
  declaredSize: number | null;
  keyId: string;
  wrappedKey: Buffer;
  checks: DocumentChecks;
}

export async function insertDocument(db: Queryable, row: NewDocumentRow): Promise<void> {
  await db.query(
    `INSERT INTO documents (id, application_id, item_id, uploaded_by, original_name, media_type, declared_size, key_id, wrapped_key, checks)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, decode($9, 'base64'), $10)`,
    [
      row.id,
      row.applicationId,
      row.itemId,
      row.uploadedBy,
      row.originalName,
      row.mediaType,
      row.declaredSize,
      row.keyId,
      row.wrappedKey.toString("base64"),
      row.checks,
    ],
  );
}

const DOCUMENT_COLUMNS = `id, application_id AS "applicationId", item_id AS "itemId", state, uploaded_by AS "uploadedBy",
  original_name AS "originalName", media_type AS "mediaType", declared_size::float8 AS "declaredSize",
  size::float8 AS size, chunk_count AS "chunkCount", key_id AS "keyId", encode(wrapped_key, 'base64') AS "wrappedKey",
  scan, checks, created_at AS "createdAt", completed_at AS "completedAt"`;

const toDocument = (row: Record<string, unknown>): DocumentRow => {
  const document = normalise<DocumentRow & { wrappedKey: string }>(row);
  return { ...document, wrappedKey: Buffer.from(document.wrappedKey, "base64") };
};

export async function findDocument(db: Queryable, id: string): Promise<DocumentRow | null> {
  const { rows } = await db.query(`SELECT ${DOCUMENT_COLUMNS} FROM documents WHERE id = $1`, [id]);
  return rows[0] ? toDocument(rows[0]) : null;
}

/** The type its bytes showed (domain/documents/file-kind.ts). */
export async function setMediaType(db: Queryable, id: string, mediaType: string): Promise<void> {
  await db.query("UPDATE documents SET media_type = $2 WHERE id = $1", [id, mediaType]);
}

/** Moves a document's checks on from `from`; false when they were no longer there. */
export async function setChecks(
  db: Queryable,
  id: string,
  from: DocumentChecks,
  to: DocumentChecks,
): Promise<boolean> {
  const { rowCount } = await db.query("UPDATE documents SET checks = $3 WHERE id = $1 AND checks = $2", [
    id,
    from,
    to,
  ]);
  return rowCount === 1;
}

/** A document left behind by the checks: bytes in, checks "pending" since before `staleMs` ago (a crash cut them short). */
export interface DocumentToCheck {
  id: string;
  applicationId: string;
  itemId: string | null;
  uploadedBy: Uploader;
}

const TO_CHECK_COLUMNS = `id, application_id AS "applicationId", item_id AS "itemId", uploaded_by AS "uploadedBy"`;

export async function interruptedChecks(
  db: Queryable,
  staleMs: number,
  limit: number,
): Promise<DocumentToCheck[]> {
  const { rows } = await db.query<DocumentToCheck>(
    `SELECT ${TO_CHECK_COLUMNS} FROM documents
      WHERE state = 'complete' AND checks = 'pending' AND completed_at < now() - $1 * interval '1 millisecond'
      ORDER BY completed_at LIMIT $2`,
    [staleMs, limit],
  );
  return rows;
}

/** Checked documents the virus scanner has not read (none was configured, or it did not answer), oldest first. */
export async function notScanned(db: Queryable, limit: number): Promise<DocumentToCheck[]> {
  const { rows } = await db.query<DocumentToCheck>(
    `SELECT ${TO_CHECK_COLUMNS} FROM documents
      WHERE state = 'complete' AND checks = 'done' AND scan = 'not-scanned'
      ORDER BY completed_at LIMIT $1`,
    [limit],
  );
  return rows;
}

/** What the virus scanner said, and the signature it found. */
export async function setScan(
  db: Queryable,
  id: string,
  scan: ScanState,
  signature: string | null = null,
): Promise<void> {
  await db.query("UPDATE documents SET scan = $2, scan_signature = $3 WHERE id = $1", [id, scan, signature]);
}

/** Whether the document is filed under a bank-statement item: only those are read for their period. */
export async function isStatementDocument(db: Queryable, id: string): Promise<boolean> {
  const { rows } = await db.query(
    `SELECT 1 FROM documents d JOIN document_checklist_items i ON i.id = d.item_id
      WHERE d.id = $1 AND i.kind = 'bank-statement'`,
    [id],
  );
  return rows.length === 1;
}

/** A statement's reading (migration 038): pending, not read, or read with its period. */
export async function setStatementReading(
  db: Queryable,
  id: string,
  reading: StatementReading,
): Promise<void> {
  const period = reading.state === "read" ? [reading.from, reading.to] : [null, null];
  await db.query(
    "UPDATE documents SET statement_read = $2, statement_from = $3::date, statement_to = $4::date WHERE id = $1",
    [id, reading.state, ...period],
  );
}

/** Bytes an application's documents take or have announced, for its total limit. */
export async function applicationBytes(db: Queryable, applicationId: string): Promise<number> {
  const { rows } = await db.query<{ bytes: number }>(
    "SELECT coalesce(sum(greatest(size, coalesce(declared_size, 0))), 0)::float8 AS bytes FROM documents WHERE application_id = $1",
    [applicationId],
  );
  return rows[0].bytes;
}

export interface ChunkWrite {
  documentId: string;
  index: number;
  plainSize: number;
  sealed: Buffer;
  /** The document's size before this chunk: the write happens only if it still is. */
  sizeBefore: number;
  /** The file's last chunk: the document becomes complete. */
  final: boolean;
}

/**
 * Appends one sealed chunk and moves the document's size and count on, in one
 * statement. False, and nothing written, when the document is no longer where
 * the writer thought (another writer went first, or it is complete or gone).
 */
export async function appendChunk(db: Queryable, chunk: ChunkWrite): Promise<boolean> {
  const { rows } = await db.query(
    `WITH moved AS (
       UPDATE documents
          SET size = size + $3, chunk_count = chunk_count + 1,
              state = CASE WHEN $6 THEN 'complete' ELSE state END,
              completed_at = CASE WHEN $6 THEN now() ELSE completed_at END
        WHERE id = $1 AND state = 'uploading' AND chunk_count = $2 AND size = $5
        RETURNING id)
     INSERT INTO document_chunks (document_id, chunk_index, plain_size, sealed)
     SELECT id, $2, $3, decode($4, 'base64') FROM moved
     RETURNING chunk_index`,
    [
      chunk.documentId,
      chunk.index,
      chunk.plainSize,
      chunk.sealed.toString("base64"),
      chunk.sizeBefore,
      chunk.final,
    ],
  );
  return rows.length === 1;
}

export interface DraftChunk {
  documentId: string;
  writer: string;
  index: number;
  plainSize: number;
  sealed: Buffer;
}

export async function insertDraftChunk(db: Queryable, chunk: DraftChunk): Promise<void> {
  await db.query(
    `INSERT INTO document_drafts (document_id, writer, chunk_index, plain_size, sealed)
     VALUES ($1, $2, $3, $4, decode($5, 'base64'))`,
    [chunk.documentId, chunk.writer, chunk.index, chunk.plainSize, chunk.sealed.toString("base64")],
  );
}

/** Removes a writer's drafts (its bytes did not take the document's place). */
export async function deleteDrafts(db: Queryable, documentId: string, writer: string): Promise<void> {
  await db.query("DELETE FROM document_drafts WHERE document_id = $1 AND writer = $2", [documentId, writer]);
}

/**
 * The writer's drafts become the complete document's bytes, in place of its
 * chunks, if its checks still stand at `from` (they move to `to`); every
 * draft of the document goes. False, and nothing changed but the writer's
 * drafts gone, when another writer went first.
 */
export async function swapInDrafts(
  tx: Queryable,
  change: { documentId: string; writer: string; size: number; chunkCount: number },
  from: DocumentChecks,
  to: DocumentChecks,
): Promise<boolean> {
  const { documentId, writer } = change;
  const { rowCount } = await tx.query(
    `UPDATE documents SET size = $2, declared_size = $2, chunk_count = $3, checks = $5
      WHERE id = $1 AND state = 'complete' AND checks = $4`,
    [documentId, change.size, change.chunkCount, from, to],
  );
  if (rowCount === 1) {
    await tx.query("DELETE FROM document_chunks WHERE document_id = $1", [documentId]);
    await tx.query(
      `INSERT INTO document_chunks (document_id, chunk_index, plain_size, sealed)
       SELECT document_id, chunk_index, plain_size, sealed FROM document_drafts
        WHERE document_id = $1 AND writer = $2`,
      [documentId, writer],
    );
    await tx.query("DELETE FROM document_drafts WHERE document_id = $1", [documentId]);
    return true;
  }
  await deleteDrafts(tx, documentId, writer);
  return false;
}

export interface StoredChunk {
  plainSize: number;
  sealed: Buffer;
}

export async function readChunk(
  db: Queryable,
  documentId: string,
  index: number,
): Promise<StoredChunk | null> {
  const { rows } = await db.query<{ plainSize: number; sealed: string }>(
    `SELECT plain_size AS "plainSize", encode(sealed, 'base64') AS sealed
       FROM document_chunks WHERE document_id = $1 AND chunk_index = $2`,
    [documentId, index],
  );
  return rows[0] ? { plainSize: rows[0].plainSize, sealed: Buffer.from(rows[0].sealed, "base64") } : null;
}

export interface WrappedKeyRow {
  id: string;
  keyId: string;
  wrappedKey: Buffer;
}

/** Up to `limit` documents whose data key is wrapped by another key than `currentKeyId`, locked for the transaction. */
export async function lockDocumentsUnderOtherKeys(
  tx: Queryable,
  currentKeyId: string,
  limit: number,
): Promise<WrappedKeyRow[]> {
  const { rows } = await tx.query<{ id: string; keyId: string; wrappedKey: string }>(
    `SELECT id, key_id AS "keyId", encode(wrapped_key, 'base64') AS "wrappedKey"
       FROM documents WHERE key_id <> $1 ORDER BY id LIMIT $2 FOR UPDATE SKIP LOCKED`,
    [currentKeyId, limit],
  );
  return rows.map((row) => ({ ...row, wrappedKey: Buffer.from(row.wrappedKey, "base64") }));
}

export async function replaceWrappedKey(
  tx: Queryable,
  id: string,
  fromKeyId: string,
  toKeyId: string,
  wrappedKey: Buffer,
): Promise<void> {
  await tx.query(
    `UPDATE documents SET key_id = $3, wrapped_key = decode($4, 'base64') WHERE id = $1 AND key_id = $2`,
    [id, fromKeyId, toKeyId, wrappedKey.toString("base64")],
  );
}

/** How many documents each master key wraps: what a rotation has left to do. */
export async function countDocumentsByKey(db: Queryable): Promise<Record<string, number>> {
  const { rows } = await db.query<{ keyId: string; count: number }>(
    `SELECT key_id AS "keyId", count(*)::int AS count FROM documents GROUP BY key_id`,
  );
  return Object.fromEntries(rows.map((row) => [row.keyId, row.count]));
}

export async function deleteDocument(db: Store | Queryable, id: string): Promise<boolean> {
  const { rowCount } = await db.query(`DELETE FROM documents WHERE id = $1`, [id]);
  return rowCount === 1;
}

/**
 * A deletion request (server/privacy/erasure-repository.ts): the applications'
 * files go, bytes and all, and so do the words written about them (the
 * applicant's reasons, staff's reasons and requests' details); what was asked
 * for and its state stay, as the application's row does. Returns how many
 * files went.
 */
export async function eraseApplicationDocuments(db: Queryable, applicationIds: string[]): Promise<number> {
  if (applicationIds.length === 0) return 0;
  const { rowCount } = await db.query("DELETE FROM documents WHERE application_id = ANY($1::uuid[])", [
    applicationIds,
  ]);
  await db.query(
    `UPDATE document_checklist_items SET reason = '[erased]'
      WHERE application_id = ANY($1::uuid[]) AND reason IS NOT NULL`,
    [applicationIds],
  );
  await db.query("UPDATE document_requests SET detail = NULL WHERE application_id = ANY($1::uuid[])", [
    applicationIds,
  ]);
  return rowCount;
}
