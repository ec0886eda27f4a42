/**
 * The room itself: where the application stands, the limits, and the
 * checklist with an upload per item. Each upload is checked in the browser
 * first (upload.ts), then sent; its progress shows on its item, and a polite
 * live region says when one starts, drops, arrives or is refused. A finished
 * upload or a declaration reloads the room, so states and status are the
 * server's.
 */
import { useEffect, useId, useRef, useState } from "react";
import { ACCEPTED_IN_WORDS } from "#domain/documents/file-kind";
import type { RoomView } from "#domain/documents/room-view";
import { formatFileSize } from "#domain/lib/format";
import { ChecklistItem } from "./checklist-item";
import { RoomStatusPanel } from "./room-status-panel";
import { refusalOf, startUpload } from "./upload";
import type { UploadState } from "./upload-controls";

export function Room({
  room,
  onReload,
  focusOnShow,
}: {
  room: RoomView;
  onReload: () => Promise<void>;
  /** The applicant has just opened the room: focus goes to it. */
  focusOnShow: boolean;
}) {
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [uploads, setUploads] = useState<Record<string, UploadState>>({});
  const files = useRef(new Map<string, File>());
  const [announcement, setAnnouncement] = useState("");

  useEffect(() => {
    if (focusOnShow) headingRef.current?.focus();
  }, [focusOnShow]);

  const setUpload = (itemId: string, state: UploadState) =>
    setUploads((current) => ({ ...current, [itemId]: state }));

  async function send(itemId: string, file: File) {
    const item = room.checklist.find((candidate) => candidate.id === itemId);
    const fileName = file.name || "Your file";
    files.current.set(itemId, file);
    setUpload(itemId, { phase: "checking", fileName, sent: 0, total: file.size });
    const refusal = await refusalOf(file, room.limits.maxFileBytes);
    if (refusal) {
      setUpload(itemId, { phase: "failed", fileName, message: refusal, canRetry: false });
      setAnnouncement(`${fileName} was not sent. ${refusal}`);
      return;
    }
    setAnnouncement(`Sending ${fileName} for ${item?.name ?? "this document"}.`);
    // A retry starts from what the server holds: the bar stays where it was until then.
    let sentSoFar = 0;
    try {
      await startUpload(file, itemId, {
        onProgress: (sent, total) => {
          sentSoFar = sent;
          setUpload(itemId, { phase: "sending", fileName, sent, total });
        },
        onRetry: () => {
          setUpload(itemId, { phase: "retrying", fileName, sent: sentSoFar, total: file.size });
          setAnnouncement(`Connection lost. Trying again to send ${fileName}.`);
        },
        onDone: () => {
          files.current.delete(itemId);
          setUpload(itemId, { phase: "done", fileName });
          setAnnouncement(`${fileName} was sent for ${item?.name ?? "this document"}.`);
          void onReload();
        },
        onFailed: (message) => {
          setUpload(itemId, { phase: "failed", fileName, message, canRetry: true });
          setAnnouncement(`${fileName} was not sent. ${message}`);
        },
      });
    } catch {
      const message = "The upload could not start. Check your connection and try again.";
      setUpload(itemId, { phase: "failed", fileName, message, canRetry: true });
      setAnnouncement(`${fileName} was not sent. ${message}`);
    }
  }

  function retry(itemId: string) {
    const file = files.current.get(itemId);
    if (file) void send(itemId, file);
  }

  return (
    <div className="flex flex-col gap-8">
      <RoomStatusPanel room={room} />

      <section aria-labelledby={headingId} className="flex flex-col gap-4">
        <div className="flex flex-col gap-2">
          <h2
            id={headingId}
            ref={headingRef}
            tabIndex={-1}
            className="text-2xl font-bold tracking-tight outline-none"
          >
            Your documents
          </h2>
          <p className="leading-relaxed text-muted-foreground">
            Send {ACCEPTED_IN_WORDS}. Each file can be up to {formatFileSize(room.limits.maxFileBytes)}, and
            all your files together up to {formatFileSize(room.limits.maxApplicationBytes)}. A photo taken
            with your phone works: make sure every corner of the page is in it.
          </p>
        </div>
        <ul className="flex flex-col gap-4">
          {room.checklist.map((item) => (
            <li key={item.id}>
              <ChecklistItem
                item={item}
                upload={uploads[item.id]}
                onFile={(file) => void send(item.id, file)}
                onRetry={() => retry(item.id)}
                onChanged={(said) => {
                  setAnnouncement(said);
                  void onReload();
                }}
              />
            </li>
          ))}
        </ul>
      </section>

      <p aria-live="polite" className="sr-only" data-testid="room-announcement">
        {announcement}
      </p>
    </div>
  );
}
