import { ShieldCheckIcon } from "lucide-react";
import { ConfirmDialog } from "./confirm-dialog";

/**
 * Release from quarantine, after a confirmation that says what happens: the
 * application goes to the CRM and the applicant gets a receipt, neither of which can
 * be called back.
 */
export function ReleaseDialog({
  companyName,
  email,
  triggerLabel = "Release",
  triggerAriaLabel,
  pending,
  onConfirm,
}: {
  companyName: string;
  email: string;
  triggerLabel?: string;
  /** The trigger's accessible name in a list ("Release Acme Inc"). */
  triggerAriaLabel?: string;
  pending: boolean;
  onConfirm: () => Promise<boolean>;
}) {
  return (
    <ConfirmDialog
      triggerLabel={triggerLabel}
      triggerAriaLabel={triggerAriaLabel}
      triggerIcon={<ShieldCheckIcon aria-hidden="true" />}
      title={`Release ${companyName} from quarantine?`}
      description={
        <>
          It is sent to the CRM now, and {email || "the applicant"} gets the receipt e-mail every applicant
          gets. Neither can be called back: release only a real application.
        </>
      }
      confirmLabel="Release and send"
      pending={pending}
      onConfirm={onConfirm}
    />
  );
}
