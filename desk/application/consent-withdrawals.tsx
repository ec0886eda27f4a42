/**
 * The SMS consent's withdrawals on a lead: its phone number's text-message
 * opt-outs (a STOP reply among them). One received since the consent marks it
 * withdrawn, with when and how; an older one is named apart, as it came
 * before the consent the application gave.
 */
import type { OptOut } from "#domain/desk/contract";
import { OPT_OUT_SOURCE_LABELS } from "#domain/desk/opt-outs";
import { formatDateTime } from "../common/lib/format";

const how = (optOut: OptOut) =>
  `${formatDateTime(optOut.receivedAt)} (${OPT_OUT_SOURCE_LABELS[optOut.receivedVia]})`;

export function ConsentWithdrawals({
  consentedAt,
  optOuts,
}: {
  consentedAt: string | null;
  optOuts: OptOut[];
}) {
  const consented = consentedAt ? Date.parse(consentedAt) : Number.NEGATIVE_INFINITY;
  // Newest first, as the server gives them.
  const since = optOuts.filter((optOut) => Date.parse(optOut.receivedAt) >= consented);
  const before = optOuts.filter((optOut) => Date.parse(optOut.receivedAt) < consented);
  if (optOuts.length === 0) return null;
  return (
    <div className="flex flex-col gap-2 text-sm">
      {since.length > 0 && (
        <p className="rounded-lg border-l-4 border-destructive bg-muted px-4 py-3">
          <strong className="font-semibold text-destructive">Withdrawn</strong> {how(since[0])}. Do not text
          this number.
        </p>
      )}
      {before.length > 0 && (
        <p className="text-muted-foreground">Opted out before this consent: {before.map(how).join("; ")}.</p>
      )}
    </div>
  );
}
