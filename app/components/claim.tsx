/**
 * `<Claim id="decision-time" />`: a claim of the register (domain/claims),
 * printed in its element (claim-text.tsx): its wording, its figure inside a
 * sentence (`show="figure"`: "48 hours"), or the words the sentence needs as
 * children. In a strict build a lapsed or unsupported claim prints its
 * fallback instead (`claimWords`, docs/claims.md); where the provider opted in
 * to a computed claim, its whole wording is the computed figure.
 */
import type * as React from "react";
import { claimRecord, claimWords, claimWordingShown, type ClaimId } from "#domain/claims/register";
import { ClaimElement } from "./claim-text";

export function Claim({
  id,
  show = "wording",
  children,
}: {
  id: ClaimId;
  show?: "wording" | "figure";
  children?: React.ReactNode;
}) {
  // The whole wording may be the computed figure, where the provider opted in (claimWordingShown).
  const words =
    children === undefined && show === "wording"
      ? claimWordingShown(id)
      : claimWords(id, children ?? claimRecord(id)[show]);
  return <ClaimElement id={id}>{words}</ClaimElement>;
}
