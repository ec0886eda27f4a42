/**
 * A claim's owner told that its review is due soon, or that its review day
 * has passed (server/claims/alerts.ts): each claim once per event and review
 * day. The claim's words and days only; the desk has its evidence.
 */
import { ButtonLink, Details, EmailLayout, Heading, Paragraph } from "./layout";

export interface ClaimReviewItem {
  id: string;
  wording: string;
  /** The review-by day, in words. */
  reviewBy: string;
  event: "due" | "lapsed";
}

export interface ClaimReviewProps {
  items: ClaimReviewItem[];
  deskUrl: string;
}

export const claimReviewSubject = ({ items }: Pick<ClaimReviewProps, "items">) => {
  const lapsed = items.filter((item) => item.event === "lapsed").length;
  if (items.length === 1)
    return lapsed
      ? "A claim you own has lapsed: its review day has passed"
      : "A claim you own is due for review";
  return lapsed
    ? `${items.length} claims you own need review: ${lapsed} lapsed`
    : `${items.length} claims you own are due for review`;
};

export function ClaimReview({ items, deskUrl }: ClaimReviewProps) {
  const subject = claimReviewSubject({ items });
  return (
    <EmailLayout title={subject} preview={subject}>
      <Heading>{subject}</Heading>
      <Paragraph>
        The public site states these claims, and you own them. Review each one: attach the evidence that backs
        it and record the next review day on the desk&apos;s Claims page. A lapsed claim is shown as lapsed on
        the desk, and with strict mode on the next build shows its fallback wording instead.
      </Paragraph>
      {items.map((item) => (
        <Details
          key={`${item.id}-${item.event}`}
          rows={[
            ["Claim", item.wording],
            ["Id", item.id],
            [item.event === "lapsed" ? "Review day passed" : "Review by", item.reviewBy],
          ]}
        />
      ))}
      <ButtonLink href={deskUrl}>Open the Claims page</ButtonLink>
      <Paragraph muted>
        You get this because an admin made you the holder of the claims&apos; owner role. Each claim is
        mentioned once when its review comes due and once when it lapses.
      </Paragraph>
    </EmailLayout>
  );
}
