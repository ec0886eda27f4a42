/**
 * A PDF that opens only with its password (bank statements often do): the
 * applicant types it once; the server opens the file with it and keeps
 * neither the password nor the locked copy (POST /api/room/documents/:id/unlock).
 */
import { KeyRoundIcon } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import { Button } from "#ui/button";
import { FieldDescription, FieldError, FieldLabel } from "#ui/field";
import { Input } from "#ui/input";
import { PDF_PASSWORD_MAX, type RoomDocumentView } from "#domain/documents/room-view";
import { unlockDocument } from "./room-api";

export function UnlockForm({ document, onOpened }: { document: RoomDocumentView; onOpened: () => void }) {
  const id = useId();
  const [password, setPassword] = useState("");
  const [error, setError] = useState("");
  const [sending, setSending] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    if (!password) return setError("Please type the file's password.");
    setSending(true);
    setError("");
    const answer = await unlockDocument(document.id, password);
    setSending(false);
    if (answer.ok) {
      setPassword("");
      onOpened();
    } else setError(answer.message);
  }

  return (
    <form
      method="dialog"
      noValidate
      onSubmit={onSubmit}
      className="flex flex-col gap-2 rounded-lg border border-gold/30 bg-gold/5 p-3"
    >
      <FieldLabel htmlFor={`${id}-password`} className="flex items-center gap-2">
        <KeyRoundIcon aria-hidden="true" className="size-4 text-gold" />
        Password for {document.fileName}
      </FieldLabel>
      <FieldDescription id={`${id}-hint`}>
        This PDF is locked with a password. Type it once so we can open the file; we don&apos;t keep it.
      </FieldDescription>
      <div className="flex flex-wrap gap-2">
        <Input
          id={`${id}-password`}
          type="password"
          autoComplete="off"
          maxLength={PDF_PASSWORD_MAX}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          aria-invalid={Boolean(error) || undefined}
          aria-describedby={`${id}-hint ${id}-error`}
          className="min-w-48 flex-1"
        />
        <Button type="submit" aria-disabled={sending || undefined}>
          {sending ? "Opening…" : "Open the file"}
        </Button>
      </div>
      <FieldError id={`${id}-error`} className="mt-0">
        {error}
      </FieldError>
    </form>
  );
}
