/**
 * Content strings with their claims marked (domain/claims/text.ts), rendered
 * with each claim in an element marked `data-claim="<id>"`, which the build's
 * check (scripts/claims-check.mjs) finds and counts. The element is a bare
 * span: no style, no change to the look. Needs no claim register, so the
 * islands can use it; `Claim` (claim.tsx) prints a claim by its id alone.
 */
import type * as React from "react";
import type { ClaimId } from "#domain/claims/register";
import { claimParts, type NotAClaimReason } from "#domain/claims/text";

/** The element a claim is printed in. */
export function ClaimElement({ id, children }: { id: ClaimId; children: React.ReactNode }) {
  return <span data-claim={id}>{children}</span>;
}

/** The attribute that lets an element's figures through the check, for one of the allow-list's reasons. */
export function notAClaimProps(reason: NotAClaimReason) {
  return { "data-not-a-claim": reason };
}

/** A figure that is not a claim, for one of the allow-list's reasons. */
export function NotAClaim({ reason, children }: { reason: NotAClaimReason; children: React.ReactNode }) {
  return <span {...notAClaimProps(reason)}>{children}</span>;
}

/** A content string, each of its claims in its element. */
export function ClaimText({ text }: { text: string }) {
  return (
    <>
      {claimParts(text).map((part, index) =>
        typeof part === "string" ? (
          part
        ) : "id" in part ? (
          <ClaimElement key={index} id={part.id as ClaimId}>
            {part.text}
          </ClaimElement>
        ) : (
          <NotAClaim key={index} reason={part.notAClaim}>
            {part.text}
          </NotAClaim>
        ),
      )}
    </>
  );
}

/** `node` with its claims marked when it is a content string; anything else as it is. */
export function withClaims(node: React.ReactNode): React.ReactNode {
  return typeof node === "string" ? <ClaimText text={node} /> : node;
}
