import { Notice } from "./messages";

/** Why nothing reaches the CRM: LEAD_WEBHOOK_URL is not set (the health page). */
export function WebhookMissing() {
  return (
    <Notice title="No CRM webhook is configured (LEAD_WEBHOOK_URL).">
      Applications are stored and will be sent to the CRM once it is set. Until then they wait: none of them
      has failed.
    </Notice>
  );
}

/** Why nothing is sent: SMTP_URL is not set (the mail and health pages). */
export function MailServerMissing() {
  return (
    <Notice title="No mail server is configured (SMTP_URL).">
      E-mails are stored and will be sent once it is set. Until then they wait: none of them has failed.
    </Notice>
  );
}

/** Why uploaded documents are not scanned: no virus scanner is set (the health page). */
export function VirusScannerMissing() {
  return (
    <Notice title="No virus scanner is configured (CLAMD_SOCKET, or CLAMD_HOST and CLAMD_PORT).">
      Uploaded documents are stored and marked not scanned.
    </Notice>
  );
}
