/**
 * The staff alert on each new application: who, which company, what they asked for,
 * and a link to the application in the desk. Nothing else about the person (no
 * e-mail address, phone, revenue or credit band): the desk has the rest
 * behind its sign-in.
 */
import { Details, EmailLayout, Heading, Paragraph, ButtonLink } from "./layout";

export interface StaffAlertProps {
  name: string;
  company: string;
  fundingType: string;
  amount: string;
  reference: string;
  deskUrl: string;
}

export const staffAlertSubject = ({ company, amount, fundingType }: StaffAlertProps) =>
  `New application: ${company}, ${amount} ${fundingType}`;

export function StaffAlert(props: StaffAlertProps) {
  return (
    <EmailLayout
      title="New application"
      preview={`${props.name} at ${props.company} applied for ${props.amount}.`}
    >
      <Heading>New application</Heading>
      <Details
        rows={[
          ["Name", props.name],
          ["Company", props.company],
          ["Funding type", props.fundingType],
          ["Amount", props.amount],
          ["Reference", props.reference],
        ]}
      />
      <ButtonLink href={props.deskUrl}>Open the application in the desk</ButtonLink>
      <Paragraph muted>You get this because your address is in STAFF_ALERT_EMAILS.</Paragraph>
    </EmailLayout>
  );
}
