import { MailIcon, PhoneIcon } from "lucide-react";
import type { ApplicationDetail } from "#domain/desk/contract";
import { Facts } from "../common/components/detail-sections";
import { formatAmount, fullName, optionLabel } from "../common/lib/format";

/**
 * A phone number as a `tel:` link dials it: its digits with the country code
 * (the provider's applicants are in the US, so ten digits are +1's), or the
 * digits as given when they cannot be read as a full number.
 */
export function telHref(phone: string): string {
  const digits = phone.replace(/\D/g, "");
  if (phone.trim().startsWith("+") || digits.length > 10) return `tel:+${digits}`;
  if (digits.length === 10) return `tel:+1${digits}`;
  return `tel:${digits}`;
}

/** A new message to the applicant, its subject naming their reference number. */
export function mailtoHref(email: string, reference: string | null): string {
  const subject = reference ? `Your funding application ${reference}` : "Your funding application";
  return `mailto:${email}?subject=${encodeURIComponent(subject)}`;
}

/**
 * Who applied and how to reach them, first on a phone: name, title and
 * company, the phone number and e-mail address as links a thumb can hit, and
 * what they asked for, to have at hand on the call. `onCall`: the rep used
 * the phone link (the page then shows the call's log form, focused).
 */
export function ContactCard({ detail, onCall }: { detail: ApplicationDetail; onCall?: () => void }) {
  const { application } = detail;
  const name = fullName({
    firstName: application.firstName as string | undefined,
    lastName: application.lastName as string | undefined,
  });
  const phone = String(application.phone ?? "");
  const email = String(application.email ?? "");
  const title = String(application.title ?? "");
  const company = String(application.companyName ?? "");
  const link =
    "flex min-h-12 w-full items-center gap-3 rounded-lg border border-input bg-card px-4 py-2.5 text-left font-semibold text-foreground transition-colors hover:bg-muted focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring";
  return (
    <section
      aria-labelledby="applicant-contact"
      className="flex flex-col gap-4 rounded-2xl border border-border bg-card p-4 shadow-card sm:p-6"
    >
      <div className="flex flex-col gap-0.5">
        <h2 id="applicant-contact" className="text-lg font-semibold tracking-tight">
          {name || "The applicant"}
        </h2>
        <p className="text-sm text-muted-foreground">{[title, company].filter(Boolean).join(", ")}</p>
      </div>
      <div className="grid grid-cols-1 gap-2.5 sm:grid-cols-2 lg:grid-cols-1">
        {phone && (
          <a href={telHref(phone)} className={link} onClick={onCall}>
            <PhoneIcon aria-hidden="true" className="size-5 shrink-0 text-primary" />
            <span className="flex min-w-0 flex-col">
              <span className="text-xs font-medium text-muted-foreground">Call</span>{" "}
              <span className="text-base break-all">{phone}</span>
            </span>
          </a>
        )}
        {email && (
          <a href={mailtoHref(email, detail.reference)} className={link}>
            <MailIcon aria-hidden="true" className="size-5 shrink-0 text-primary" />
            <span className="flex min-w-0 flex-col">
              <span className="text-xs font-medium text-muted-foreground">E-mail</span>{" "}
              <span className="text-base break-all">{email}</span>
            </span>
          </a>
        )}
      </div>
      <Facts
        rows={[
          [
            "Funding",
            [formatAmount(application.fundingAmount), optionLabel("fundingType", application.fundingType)]
              .filter(Boolean)
              .join(", "),
          ],
          ["Needed", optionLabel("timeframe", application.timeframe)],
          ["Annual revenue", optionLabel("annualRevenue", application.annualRevenue)],
        ]}
      />
    </section>
  );
}
