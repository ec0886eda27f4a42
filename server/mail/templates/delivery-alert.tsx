/**
 * CRM delivery alerts, after Svix's: one when deliveries have failed several
 * times in a row, one when a lead has used up its retries ("dead"), one when
 * deliveries succeed again. Counts and the last error only: no lead's
 * personal data.
 */
import { ButtonLink, Details, EmailLayout, Heading, Paragraph } from "./layout";

export type DeliveryAlertKind = "failing" | "dead" | "recovered";

export interface DeliveryAlertProps {
  kind: DeliveryAlertKind;
  /** Failed attempts in a row (failing, dead). */
  failedInARow: number;
  /** Leads waiting for the CRM now. */
  waiting: number;
  /** Leads whose delivery is dead now. */
  dead: number;
  /** When the failures began, formatted. */
  since: string | null;
  /** The last attempt's error, without the CRM's answer body. */
  lastError: string | null;
  consoleUrl: string;
}

const SUBJECTS: Record<DeliveryAlertKind, string> = {
  failing: "CRM delivery failing: leads are waiting",
  dead: "Leads dead: CRM delivery gave up on a lead",
  recovered: "CRM delivery recovered",
};

export const deliveryAlertSubject = (kind: DeliveryAlertKind) => SUBJECTS[kind];

export function DeliveryAlert(props: DeliveryAlertProps) {
  const rows: [string, string][] = [
    ["Leads waiting", String(props.waiting)],
    ["Leads dead", String(props.dead)],
  ];
  if (props.kind !== "recovered") rows.unshift(["Failed attempts in a row", String(props.failedInARow)]);
  if (props.since) rows.push([props.kind === "recovered" ? "Failing since" : "First failure", props.since]);
  if (props.lastError && props.kind !== "recovered") rows.push(["Last error", props.lastError]);
  return (
    <EmailLayout title={SUBJECTS[props.kind]} preview={SUBJECTS[props.kind]}>
      <Heading>{SUBJECTS[props.kind]}</Heading>
      {props.kind === "failing" ? (
        <Paragraph>
          The CRM webhook has refused or not answered several deliveries in a row. Every lead is kept and
          retried on its schedule; nothing is lost. You will get one more e-mail when deliveries succeed
          again, and one if a lead runs out of retries.
        </Paragraph>
      ) : props.kind === "dead" ? (
        <Paragraph>
          A lead has used up its delivery attempts (or the CRM refused it outright). It is kept in the store;
          redeliver it from the console once the CRM accepts leads again. Further dead leads in this outage
          will not send more e-mails.
        </Paragraph>
      ) : (
        <Paragraph>The CRM webhook accepted a lead again. Waiting leads are being delivered.</Paragraph>
      )}
      <Details rows={rows} />
      <ButtonLink href={props.consoleUrl}>Open delivery health in the console</ButtonLink>
    </EmailLayout>
  );
}
