import { PrinterIcon } from "lucide-react";
import { Link, useLoaderData } from "react-router";
import { Button } from "#ui/button";
import { siteFacts } from "#domain/site-facts";
import { getApplication } from "./api";
import { asApiError, isSignedOut } from "../common/api/client";
import { lookupOptOuts } from "../common/api/requests";
import { ConsentFacts, Facts } from "../common/components/detail-sections";
import { useMe } from "../common/components/layout";
import { ErrorAlert } from "../common/components/messages";
import { OptOutTable } from "../common/components/opt-out-table";
import { PageHeader, useDocumentTitle } from "../common/components/page";
import { formatDateTime, fullName, timeZoneLabel } from "../common/lib/format";
import { guarded } from "../common/lib/session";

/** The application, and the opt-outs of its phone (sms) and e-mail (email); those may fail alone. */
export const evidenceLoader = guarded(async ({ params, request }) => {
  const detail = await getApplication(params.id ?? "", request.signal);
  const { phone, email } = detail.application;
  const optOuts = await lookupOptOuts({ phone, email }, request.signal).then(
    ({ items }) => ({ items, error: null }),
    (error: unknown) => {
      if (isSignedOut(error)) throw error;
      return { items: [], error: asApiError(error).message };
    },
  );
  return { detail, optOuts };
});

/** The SMS-consent evidence of one application, laid out to print (or save as PDF). */
export function EvidencePage() {
  const { detail, optOuts } = useLoaderData<typeof evidenceLoader>();
  const me = useMe();
  const application = detail.application;
  const company = String(application.companyName ?? "");
  useDocumentTitle(`Consent evidence: ${company}`);

  return (
    <article className="flex max-w-3xl flex-col gap-6 print:max-w-none print:gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2 print:hidden">
        <Link to={`/applications/${detail.id}`} className="text-sm text-primary hover:underline">
          Back to the application
        </Link>
        <Button type="button" onClick={() => window.print()}>
          <PrinterIcon aria-hidden="true" />
          Print
        </Button>
      </div>
      <PageHeader
        title="SMS consent evidence"
        description={`${company}: the consent given with this funding application, as recorded when it was submitted.`}
      />
      <p className="text-sm">Times are in {timeZoneLabel()}.</p>
      <section className="flex flex-col gap-3">
        <h2 className="text-lg font-semibold">Applicant</h2>
        <Facts
          rows={[
            ["Company", company],
            [
              "Name",
              fullName({
                firstName: application.firstName as string | undefined,
                lastName: application.lastName as string | undefined,
              }),
            ],
            ["Email", application.email as string | undefined],
            ["Phone given", application.phone as string | undefined],
            ["Application id", <code className="font-mono text-xs break-all">{detail.id}</code>],
            ["Submitted at", formatDateTime(detail.createdAt)],
          ]}
        />
      </section>
      <section className="flex flex-col gap-3">
        <h2 className="text-lg font-semibold">Consent</h2>
        {detail.consent ? (
          <ConsentFacts consent={detail.consent} />
        ) : (
          <p className="text-sm">No consent record was found for this application.</p>
        )}
      </section>
      <section className="flex flex-col gap-3">
        <h2 className="text-lg font-semibold">Opt-outs</h2>
        <p className="text-sm">
          Withdrawals recorded for this phone number (text messages) and this email address (e-mail), newest
          first, each with the day it must be honoured by.
        </p>
        {optOuts.error ? (
          <ErrorAlert>The opt-outs could not be loaded: {optOuts.error}</ErrorAlert>
        ) : optOuts.items.length ? (
          <OptOutTable items={optOuts.items} caption="Opt-outs of this phone number and email address" />
        ) : (
          <p className="text-sm">No opt-out is recorded for this phone number or email address.</p>
        )}
      </section>
      <p className="border-t border-border pt-3 text-xs text-muted-foreground">
        Printed from the {siteFacts.brand} lead desk by {me.email} on{" "}
        {formatDateTime(new Date().toISOString())}.
      </p>
    </article>
  );
}
