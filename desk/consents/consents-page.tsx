import { useId, useState, type FormEvent } from "react";
import { Link, useLoaderData, useSearchParams } from "react-router";
import { Button } from "#ui/button";
import { lookupConsents } from "./api";
import { OptOutForm } from "./opt-out-form";
import type { ConsentLookupItem, OptOut } from "#domain/desk/contract";
import { HONOUR_WITHIN_BUSINESS_DAYS, type OptOutChannel } from "#domain/desk/opt-outs";
import { lookupOptOuts } from "../common/api/requests";
import { DataTable, type ListColumn } from "../common/components/data-list";
import { EmptyState, StatusMessage } from "../common/components/messages";
import { OptOutTable } from "../common/components/opt-out-table";
import { PageHeader, Section, useDocumentTitle } from "../common/components/page";
import { TextField } from "../common/components/text-field";
import { formatDateTime, formatDay } from "../common/lib/format";
import { guarded } from "../common/lib/session";

/** "ada@x.com" looks up by e-mail; anything else by phone. */
export function consentQuery(value: string): { email: string } | { phone: string } | null {
  const text = value.trim();
  if (!text) return null;
  return text.includes("@") ? { email: text } : { phone: text };
}

export const consentsLoader = guarded(async ({ request }) => {
  const params = new URL(request.url).searchParams;
  const query = consentQuery(params.get("email") ?? params.get("phone") ?? "");
  if (!query) return { query: null, items: [], optOuts: [] };
  const [consents, optOuts] = await Promise.all([
    lookupConsents(query, request.signal),
    lookupOptOuts(query, request.signal),
  ]);
  return { query, items: consents.items, optOuts: optOuts.items };
});

const STOPPED: Record<OptOutChannel, string> = { sms: "text messages", email: "e-mail" };

/** "Opt-out recorded: text messages to +1 212 555 0100 must stop by Mon, Dec 8, 2025." */
const recordedNews = (optOut: OptOut) =>
  `Opt-out recorded: ${STOPPED[optOut.channel]} to ${optOut.phone ?? optOut.email} must stop by ${formatDay(optOut.honourBy)}.`;

const COLUMNS: ListColumn<ConsentLookupItem>[] = [
  { header: "Consented", className: "whitespace-nowrap", cell: (item) => formatDateTime(item.consentedAt) },
  {
    header: "Company",
    rowHeader: true,
    className: "font-semibold",
    cell: (item) => (
      <Link to={`/applications/${item.applicationId}`} className="text-primary hover:underline">
        {item.companyName}
      </Link>
    ),
  },
  { header: "Phone", className: "whitespace-nowrap", cell: (item) => item.phone },
  { header: "Email", className: "break-all", cell: (item) => item.email },
  { header: "Text version", cell: (item) => item.consentVersion },
  {
    header: "SHA-256",
    className: "max-w-48",
    cell: (item) => <code className="font-mono text-xs break-all">{item.consentSha256}</code>,
  },
];

/**
 * Who agreed to text messages, and when, and who withdrew: look-up by phone
 * number or e-mail, and an opt-out told to staff recorded.
 */
export function ConsentsPage() {
  const { query, items, optOuts } = useLoaderData<typeof consentsLoader>();
  const [, setParams] = useSearchParams();
  const [missing, setMissing] = useState(false);
  const [news, setNews] = useState<string | null>(null);
  const id = useId();
  useDocumentTitle("Consents");
  const current = query ? ("email" in query ? query.email : query.phone) : "";

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const next = consentQuery(String(new FormData(event.currentTarget).get("lookup") ?? ""));
    setMissing(!next);
    setNews(null);
    if (next) setParams(new URLSearchParams(next));
  }

  /** Says so, and shows the number's (or address's) consents and opt-outs, the new one among them. */
  function recorded(optOut: OptOut) {
    setNews(recordedNews(optOut));
    setParams(new URLSearchParams(optOut.phone ? { phone: optOut.phone } : { email: optOut.email ?? "" }));
  }

  return (
    <>
      <PageHeader
        title="Consents and opt-outs"
        description="Find the SMS consent records and the opt-outs of a phone number or an email address: the exact text agreed to, when, and from where; who withdrew, and by when that must be honoured."
      />
      <form
        role="search"
        aria-label="Consents"
        onSubmit={submit}
        noValidate
        className="flex flex-col gap-2 sm:flex-row sm:items-start"
      >
        <TextField
          key={current}
          id={`${id}-lookup`}
          label="Phone or email"
          hint="A phone number in any format, or a full email address."
          validated
          error={missing ? "Enter a phone number or an email address" : null}
          className="flex-1"
          name="lookup"
          defaultValue={current}
          autoComplete="off"
        />
        <Button type="submit" className="sm:mt-6">
          Look up
        </Button>
      </form>

      {query && (
        <Section title={`Results for ${current}`}>
          {items.length ? (
            <DataTable
              items={items}
              caption={`Consent records for ${current}`}
              columns={COLUMNS}
              rowKey={(item) => item.applicationId}
            />
          ) : (
            <EmptyState>
              No consent record has this {"email" in query ? "email address" : "phone number"}.
            </EmptyState>
          )}
        </Section>
      )}

      {query && (
        <Section
          title={`Opt-outs for ${current}`}
          description={`Each must be honoured within ${HONOUR_WITHIN_BUSINESS_DAYS} business days (Monday to Friday) of the day it was received. They are kept for good and never change.`}
        >
          {optOuts.length ? (
            <OptOutTable items={optOuts} caption={`Opt-outs for ${current}`} />
          ) : (
            <EmptyState>
              No opt-out is recorded for this {"email" in query ? "email address" : "phone number"}.
            </EmptyState>
          )}
        </Section>
      )}

      <Section
        title="Record an opt-out"
        description="Someone asked you by phone or e-mail to stop texting or e-mailing them: record it here. Their consent records stay as they were."
      >
        <OptOutForm key={current} start={query} onRecorded={recorded} />
        <StatusMessage>{news}</StatusMessage>
      </Section>
    </>
  );
}
