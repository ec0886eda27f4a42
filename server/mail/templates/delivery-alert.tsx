/**
 * CRM delivery alerts, after Svix's: one when deliveries have failed several
 * times in a row, one when an application has used up its retries ("dead"), one when
 * deliveries succeed again, and for a CRM that flaps one summary per cooldown
 * ("flapping": how often it failed and recovered, and how it is now). Counts
 * and the last error only: no applicant's personal data.
 */
import { ButtonLink, Details, EmailLayout, Heading, Paragraph } from "./layout";

export type DeliveryAlertKind = "failing" | "dead" | "recovered" | "flapping";

/** What a "flapping" summary counts: the changes held during one cooldown. */
export interface Flaps {
  failed: number;
  recovered: number;
  /** The cooldown's length in words ("hour", "10 seconds"). */
  window: string;
  /** Deliveries are failing at the time of the summary. */
  failingNow: boolean;
}

export interface DeliveryAlertProps {
  kind: DeliveryAlertKind;
  /** Failed attempts in a row (failing, dead). */
  failedInARow: number;
  /** Applications waiting for the CRM now. */
  waiting: number;
  /** Applications whose delivery is dead now. */
  dead: number;
  /** When the failures began, formatted. */
  since: string | null;
  /** The last attempt's error, without the CRM's answer body. */
  lastError: string | null;
  /** The "flapping" summary's counts. */
  flaps?: Flaps;
  deskUrl: string;
}

const SUBJECTS: Record<Exclude<DeliveryAlertKind, "flapping">, string> = {
  failing: "CRM delivery failing: applications are waiting",
  dead: "Deliveries dead: CRM delivery gave up on an application",
  recovered: "CRM delivery recovered",
};

const times = (n: number) => (n === 1 ? "once" : `${n} times`);

/** "failed and recovered 6 times in the last hour", or each count when they differ ("recovered once …"). */
export function flapsSummary({ failed, recovered, window }: Flaps) {
  const changes =
    failed === recovered
      ? [`failed and recovered ${times(failed)}`]
      : [failed > 0 && `failed ${times(failed)}`, recovered > 0 && `recovered ${times(recovered)}`].filter(
          Boolean,
        );
  return `${changes.join(" and ")} in the last ${window}`;
}

export const deliveryAlertSubject = (props: Pick<DeliveryAlertProps, "kind" | "flaps">) =>
  props.kind === "flapping" && props.flaps
    ? `CRM delivery flapping: ${flapsSummary(props.flaps)}; ${props.flaps.failingNow ? "failing now" : "delivering now"}`
    : SUBJECTS[props.kind === "flapping" ? "failing" : props.kind];

export function DeliveryAlert(props: DeliveryAlertProps) {
  const subject = deliveryAlertSubject(props);
  const failingNow =
    props.kind === "flapping" ? Boolean(props.flaps?.failingNow) : props.kind !== "recovered";
  const rows: [string, string][] = [
    ["Applications waiting", String(props.waiting)],
    ["Dead deliveries", String(props.dead)],
  ];
  if (failingNow) rows.unshift(["Failed attempts in a row", String(props.failedInARow)]);
  if (props.kind === "flapping") {
    rows.unshift(["Now", failingNow ? "failing" : "delivering"]);
    if (props.since) rows.push(["Held since", props.since]);
  } else if (props.since) {
    rows.push([props.kind === "recovered" ? "Failing since" : "First failure", props.since]);
  }
  if (props.lastError && failingNow) rows.push(["Last error", props.lastError]);
  return (
    <EmailLayout title={subject} preview={subject}>
      <Heading>{subject}</Heading>
      {props.kind === "flapping" && props.flaps ? (
        <Paragraph>
          The CRM webhook {flapsSummary(props.flaps)}, and is{" "}
          {failingNow ? "failing" : "accepting applications"} now. Its alerts were held during that time
          rather than sent each time; every application is kept and retried on its schedule. You get one
          summary like this per cooldown while it keeps changing.
        </Paragraph>
      ) : props.kind === "failing" ? (
        <Paragraph>
          The CRM webhook has refused or not answered several deliveries in a row. Every application is kept
          and retried on its schedule; nothing is lost. You will get one more e-mail when deliveries succeed
          again, and one if an application runs out of retries.
        </Paragraph>
      ) : props.kind === "dead" ? (
        <Paragraph>
          An application has used up its delivery attempts (or the CRM refused it outright). It is kept in the
          store; redeliver it from the desk once the CRM accepts applications again. Further dead deliveries
          in this outage will not send more e-mails.
        </Paragraph>
      ) : (
        <Paragraph>
          The CRM webhook accepted an application again. Waiting applications are being delivered.
        </Paragraph>
      )}
      <Details rows={rows} />
      <ButtonLink href={props.deskUrl}>Open delivery health in the desk</ButtonLink>
    </EmailLayout>
  );
}
