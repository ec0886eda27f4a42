import { useId, useState, type FormEvent } from "react";
import { Link, useLoaderData, useSearchParams } from "react-router";
import { Button } from "#ui/button";
import { lookupConsents } from "./api";
import type { ConsentLookupItem } from "#domain/desk/contract";
import { DataTable, type ListColumn } from "../common/components/data-list";
import { EmptyState } from "../common/components/messages";
import { PageHeader, Section, useDocumentTitle } from "../common/components/page";
import { TextField } from "../common/components/text-field";
import { formatDateTime } from "../common/lib/format";
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
  if (!query) return { query: null, items: [] };
  const { items } = await lookupConsents(query, request.signal);
  return { query, items };
});

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

/** Who agreed to text messages, and when: look-up by phone number or e-mail. */
export function ConsentsPage() {
  const { query, items } = useLoaderData<typeof consentsLoader>();
  const [, setParams] = useSearchParams();
  const [missing, setMissing] = useState(false);
  const id = useId();
  useDocumentTitle("Consents");
  const current = query ? ("email" in query ? query.email : query.phone) : "";

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const next = consentQuery(String(new FormData(event.currentTarget).get("lookup") ?? ""));
    setMissing(!next);
    if (next) setParams(new URLSearchParams(next));
  }

  return (
    <>
      <PageHeader
        title="SMS consents"
        description="Find the consent records for a phone number or an email address: the exact text agreed to, when, and from where."
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
    </>
  );
}
