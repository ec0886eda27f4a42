/**
 * An item's ways to send a file: "Choose a file" (a PDF or a photo from the
 * device) and, on a phone, "Take a photo" (the camera, where the device has
 * one). Both are real file inputs inside their labels, so the keyboard and
 * assistive technology reach them as they are; the label looks like a button.
 * While a file goes, its progress; once it has gone or was refused, the result.
 */
import { CameraIcon, RotateCcwIcon, UploadIcon } from "lucide-react";
import { useEffect, useState, type ChangeEvent } from "react";
import { Button, buttonVariants } from "#ui/button";
import { cn } from "#ui/cn";
import { Progress } from "#ui/progress";
import { ACCEPTED_FILE_KINDS } from "#domain/documents/file-kind";

/** Where one item's upload is. */
export type UploadState =
  | { phase: "checking" | "sending" | "retrying"; fileName: string; sent: number; total: number }
  | { phase: "done"; fileName: string }
  | { phase: "failed"; fileName: string; message: string; canRetry: boolean };

const ACCEPT = [
  ...Object.values(ACCEPTED_FILE_KINDS).map((kind) => kind.mediaType),
  ...Object.values(ACCEPTED_FILE_KINDS).map((kind) => `.${kind.extension}`),
  ".jpeg",
].join(",");
/** Photos only as JPEG or PNG: an iPhone then hands over a JPEG instead of its HEIC. */
const PHOTO_ACCEPT = Object.values(ACCEPTED_FILE_KINDS)
  .filter((kind) => kind.mediaType.startsWith("image/"))
  .map((kind) => kind.mediaType)
  .join(",");

const pickerClass = cn(
  buttonVariants({ variant: "outline" }),
  "relative has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring",
);

/** A phone or tablet, where "Take a photo" opens the camera; decided once the room is in the browser. */
function useTouchDevice() {
  const [touch, setTouch] = useState(false);
  useEffect(() => setTouch(window.matchMedia("(pointer: coarse)").matches), []);
  return touch;
}

export function UploadControls({
  itemName,
  busy,
  onFile,
}: {
  itemName: string;
  busy: boolean;
  onFile: (file: File) => void;
}) {
  const touch = useTouchDevice();
  const take = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file chosen again after a refusal still fires a change.
    event.target.value = "";
    if (file) onFile(file);
  };
  return (
    <div className="flex flex-wrap gap-2">
      <label className={cn(pickerClass, busy && "pointer-events-none opacity-50")}>
        <UploadIcon aria-hidden="true" />
        Choose a file
        <input
          type="file"
          accept={ACCEPT}
          className="sr-only"
          disabled={busy}
          aria-label={`Choose a file for ${itemName}`}
          onChange={take}
        />
      </label>
      {touch && (
        <label className={cn(pickerClass, busy && "pointer-events-none opacity-50")}>
          <CameraIcon aria-hidden="true" />
          Take a photo
          <input
            type="file"
            accept={PHOTO_ACCEPT}
            capture="environment"
            className="sr-only"
            disabled={busy}
            aria-label={`Take a photo for ${itemName}`}
            onChange={take}
          />
        </label>
      )}
    </div>
  );
}

export function UploadProgress({ upload, onRetry }: { upload: UploadState; onRetry: () => void }) {
  if (upload.phase === "done") {
    return <p className="text-sm font-medium text-success">{upload.fileName} was sent.</p>;
  }
  if (upload.phase === "failed") {
    return (
      <div className="flex flex-col gap-2 rounded-lg border border-destructive/30 bg-destructive/5 p-3">
        <p className="text-sm font-medium text-destructive">
          {upload.fileName} was not sent. {upload.message}
        </p>
        {upload.canRetry && (
          <Button type="button" variant="outline" size="sm" className="self-start" onClick={onRetry}>
            <RotateCcwIcon aria-hidden="true" />
            Try again
          </Button>
        )}
      </div>
    );
  }
  const percent = upload.total > 0 ? Math.round((upload.sent / upload.total) * 100) : 0;
  const label =
    upload.phase === "checking"
      ? `Checking ${upload.fileName}…`
      : upload.phase === "retrying"
        ? `Connection lost. Trying again to send ${upload.fileName}…`
        : `Sending ${upload.fileName}: ${percent}%`;
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm font-medium">{label}</p>
      <Progress
        value={percent}
        aria-label={`Sending ${upload.fileName}`}
        getValueLabel={() => `${percent}%`}
      />
    </div>
  );
}
