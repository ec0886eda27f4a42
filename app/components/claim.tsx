/**
 * `<Claim id="decision-time" />`: a claim of the register (domain/claims),
 * printed in its element (claim-text.tsx): its wording, its figure inside a
 * sentence (`show="figure"`: "48 hours"), or the words the sentence needs as
 * children. In a strict build a lapsed or unsupported claim prints its
 * fallback instead (`claimWords`, docs/claims.md).
 */
import type * as React from "react";
import { claimRecord, claimWords, type ClaimId } from "#domain/claims/register";
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
  return <ClaimElement id={id}>{claimWords(id, children ?? claimRecord(id)[show])}</ClaimElement>;
}
