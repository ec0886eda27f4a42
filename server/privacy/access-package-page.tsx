/**
 * The access package as a page a person reads: every section of the JSON,
 * each record as a table of its fields, nested ones within. Server-rendered,
 * no script (the site's CSP allows none inline), `noindex`, and a link to the
 * same data as JSON. Times read as the e-mails say them (DESK_TIME_ZONE), codes by
 * the labels the desk shows; the JSON keeps ISO times and codes.
 */
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import {
  annualRevenueOptions,
  creditScoreOptions,
  fundingPurposeOptions,
  fundingTypeOptions,
  industryOptions,
  timeframeOptions,
  yearsInBusinessOptions,
  type Option,
} from "#domain/application/schema";
import { MAIL_KIND_LABELS, MAIL_STATUS_LABELS } from "#domain/desk/contract";
import { OPT_OUT_CHANNEL_LABELS, OPT_OUT_SOURCE_LABELS } from "#domain/desk/opt-outs";
import { CLOSE_REASON_LABELS, WORK_STATUS_LABELS } from "#domain/desk/work";
import { PRIVACY_REQUEST_KIND_LABELS } from "#domain/privacy/kinds";
import { formatLongZoned } from "../mail/compose";
import { theme } from "../mail/templates/layout";
import { BUTTON_CSS, ServerPage } from "../mail/templates/page";
import type { AccessPackage } from "./access-package-repository";

const css = `
*{box-sizing:border-box}
body{margin:0;padding:24px 16px;background:${theme.background};color:${theme.ink};font-family:${theme.font};line-height:1.5}
main{max-width:880px;margin:0 auto;background:${theme.card};border:1px solid ${theme.border};border-radius:12px;padding:24px}
h1{margin:0 0 8px;font-size:26px;line-height:1.25;overflow-wrap:anywhere}
form{margin:0 0 8px}
${BUTTON_CSS}
h2{margin:32px 0 12px;font-size:20px}
p{margin:0 0 12px;color:${theme.muted}}
table{width:100%;border-collapse:collapse;margin:0 0 16px;font-size:14px}
th,td{text-align:left;vertical-align:top;padding:6px 8px;border-bottom:1px solid ${theme.border};overflow-wrap:anywhere}
th{width:32%;color:${theme.muted};font-weight:600}
td table{margin:0}
a{color:${theme.primary}}
.brand{display:block;margin:0 0 20px;font-weight:700;font-size:18px;color:${theme.ink};text-decoration:none}
.record{border:1px solid ${theme.border};border-radius:8px;padding:4px 8px;margin:0 0 16px}
@media (max-width:600px){
main{padding:16px}
th,td{display:block;width:auto;padding:4px 0}
th{border-bottom:0;padding-top:8px}
td table,.record{margin-left:8px;width:calc(100% - 8px)}
}
`;

const label = (key: string) => {
  const words = key
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .replaceAll("_", " ")
    .toLowerCase();
  const sentence = words.charAt(0).toUpperCase() + words.slice(1);
  return sentence.replace(/\b(ip|crm|sms|http|utm|url)\b/gi, (initials) => initials.toUpperCase());
};

/** A section's codes in words, by field: `{ kind: { receipt: "Receipt" } }`. */
type Words = Record<string, Record<string, string>>;

/** How a section reads: its codes in words, its times in this zone. */
interface Reading {
  words: Words;
  timeZone: string;
}

/** Fields that hold a time: `at`, `*_at`, `*At`. */
const TIME_FIELD = /^at$|_at$|[a-z]At$/;

function shown(field: string | undefined, value: string, { words, timeZone }: Reading): string {
  if (field === undefined) return value;
  if (TIME_FIELD.test(field) && !Number.isNaN(Date.parse(value))) return formatLongZoned(value, timeZone);
  return words[field]?.[value] ?? value;
}

function Value({ value, field, reading }: { value: unknown; field?: string; reading: Reading }): ReactNode {
  if (value === null || value === undefined || value === "") return <span>—</span>;
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (Array.isArray(value)) {
    if (value.length === 0) return "None";
    return value.map((item, index) => (
      <div className="record" key={index}>
        <Value value={item} reading={reading} />
      </div>
    ));
  }
  if (typeof value === "object") {
    return (
      <table>
        <tbody>
          {Object.entries(value).map(([key, inner]) => (
            <tr key={key}>
              <th scope="row">{label(key)}</th>
              <td>
                <Value value={inner} field={key} reading={reading} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    );
  }
  return typeof value === "string" ? shown(field, value, reading) : String(value);
}

const labels = (options: readonly Option[]) =>
  Object.fromEntries(options.map((option) => [option.value, option.label]));

/** An application's answers as the form offered them, and where it stands as the desk says it. */
const APPLICATION_WORDS: Words = {
  industry: labels(industryOptions),
  annual_revenue: labels(annualRevenueOptions),
  years_in_business: labels(yearsInBusinessOptions),
  funding_type: labels(fundingTypeOptions),
  funding_purpose: labels(fundingPurposeOptions),
  timeframe: labels(timeframeOptions),
  credit_score: labels(creditScoreOptions),
  work_status: WORK_STATUS_LABELS,
  close_reason: CLOSE_REASON_LABELS,
};

const SECTIONS: [keyof AccessPackage, string, string, Words][] = [
  [
    "applications",
    "Applications",
    "Each application you sent, with its consent record and its delivery to our CRM.",
    APPLICATION_WORDS,
  ],
  [
    "optOuts",
    "Opt-outs",
    "Each time you told us to stop texts or e-mail.",
    { channel: OPT_OUT_CHANNEL_LABELS, received_via: OPT_OUT_SOURCE_LABELS },
  ],
  [
    "emailsSent",
    "E-mails we sent you",
    "What we sent to this address, and whether it went out.",
    { kind: MAIL_KIND_LABELS, status: MAIL_STATUS_LABELS },
  ],
  ["newsletter", "Newsletter", "Your newsletter sign-up, if you made one.", {}],
  [
    "privacyRequests",
    "Privacy requests",
    "Your requests to us about your data.",
    { kind: PRIVACY_REQUEST_KIND_LABELS },
  ],
];

/** The page, its times in `timeZone` (DESK_TIME_ZONE, as in the e-mails). */
export function renderAccessPackagePage(data: AccessPackage, jsonUrl: string, timeZone: string): string {
  const page = (
    <ServerPage title="Your data" css={css}>
      <h1>The data we hold about {data.email}</h1>
      <p>
        Made {formatLongZoned(data.generatedAt, timeZone)}. Our site's visit statistics hold nothing that
        identifies you, so they are not part of it. The same data for a computer:
      </p>
      <form method="post" action={jsonUrl}>
        <button type="submit">Download it as JSON</button>
      </form>
      {SECTIONS.map(([key, title, about, words]) => (
        <section key={key}>
          <h2>{title}</h2>
          <p>{about}</p>
          {data[key] === null ? "None" : <Value value={data[key]} reading={{ words, timeZone }} />}
        </section>
      ))}
    </ServerPage>
  );
  return `<!DOCTYPE html>${renderToStaticMarkup(page)}`;
}
