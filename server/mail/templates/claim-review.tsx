/**
 * A claim's owner told that its review is due soon, or that its review day
 * has passed, or that our records no longer back a computed claim
 * (server/claims/alerts.ts): each claim once per event and review day, or per
 * computation that found it no longer holding. The claim's words, its days
 * and the figure from our records; the desk has its evidence.
 */
import { ButtonLink, Details, EmailLayout, Heading, Paragraph } from "./layout";

interface ClaimItemBase {
  id: string;
  /** The claim's words on the site. */
  wording: string;
}

/** A claim whose review is due soon, or whose review day has passed. */
export interface ClaimReviewDueItem extends ClaimItemBase {
  event: "due" | "lapsed";
  /** The review-by day, in words. */
  reviewBy: string;
}

/** A computed claim whose latest computation no longer backs it, where the one before did. */
export interface ClaimStoppedHoldingItem extends ClaimItemBase {
  event: "stopped-holding";
  /** The figure counted ("Amount funded"). */
  figure: string;
  /** What our records now say, in the desk's words ("$312M funded (all our records, 14 funded reports)"). */
  records: string;
  /** What backs the claim, in the desk's words. */
  rule: string;
  /** When it was computed, in words. */
  computedOn: string;
}

export type ClaimReviewItem = ClaimReviewDueItem | ClaimStoppedHoldingItem;

export interface ClaimReviewProps {
  items: ClaimReviewItem[];
  deskUrl: string;
}

const plural = (count: number, one: string, many: string) => (count === 1 ? one : many);

export const claimReviewSubject = ({ items }: Pick<ClaimReviewProps, "items">) => {
  const lapsed = items.filter((item) => item.event === "lapsed").length;
  const stopped = items.filter((item) => item.event === "stopped-holding").length;
  if (stopped > 0) {
    if (stopped === items.length)
      return stopped === 1
        ? "Our records no longer back a claim you own"
        : `Our records no longer back ${stopped} claims you own`;
    return `${items.length} claims you own need attention: ${stopped} no longer backed by our records${lapsed ? `, ${lapsed} lapsed` : ""}`;
  }
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
  const reviews = items.filter((item): item is ClaimReviewDueItem => item.event !== "stopped-holding");
  const stopped = items.filter((item): item is ClaimStoppedHoldingItem => item.event === "stopped-holding");
  return (
    <EmailLayout title={subject} preview={subject}>
      <Heading>{subject}</Heading>
      {stopped.length > 0 && (
        <>
          <Paragraph>
            Our records no longer back {plural(stopped.length, "this claim", "these claims")} you own: the
            latest count from them falls short of what the claim says, where the count before backed it. The
            public site still shows the claim&apos;s words until someone acts. Check it on the desk&apos;s
            Claims page, then record a review, or withdraw the evidence that no longer backs it: with strict
            mode on, a claim with no evidence left shows its fallback wording from the next build.
          </Paragraph>
          {stopped.map((item) => (
            <Details
              key={`${item.id}-${item.event}`}
              rows={[
                ["Claim", item.wording],
                ["Id", item.id],
                ["Our records now say", item.records],
                ["Backs the claim", item.rule],
                ["Counted", item.computedOn],
              ]}
            />
          ))}
        </>
      )}
      {reviews.length > 0 && (
        <>
          <Paragraph>
            The public site states {stopped.length > 0 ? "these claims too" : "these claims"}, and you own
            them. Review each one: attach the evidence that backs it and record the next review day on the
            desk&apos;s Claims page. A lapsed claim is shown as lapsed on the desk, and with strict mode on
            the next build shows its fallback wording instead.
          </Paragraph>
          {reviews.map((item) => (
            <Details
              key={`${item.id}-${item.event}`}
              rows={[
                ["Claim", item.wording],
                ["Id", item.id],
                [item.event === "lapsed" ? "Review day passed" : "Review by", item.reviewBy],
              ]}
            />
          ))}
        </>
      )}
      <ButtonLink href={deskUrl}>Open the Claims page</ButtonLink>
      <Paragraph muted>
        You get this because an admin made you the holder of the claims&apos; owner role. Each claim is
        mentioned once when its review comes due, once when it lapses, and once for each count of our records
        that finds it no longer backed.
      </Paragraph>
    </EmailLayout>
  );
}
