import { DownloadIcon } from "lucide-react";
import { Link } from "react-router";
import { buttonVariants } from "#ui/button";
import { EXPORT_KINDS } from "#domain/audit/actions";
import { EXPORTS, exportFile, exportUrl } from "../common/api/requests";
import { AdminOnly } from "../common/components/admin-only";
import { PageHeader, useDocumentTitle } from "../common/components/page";

/** The four CSV downloads (each one is written to the audit log). */
export function ExportsPage() {
  useDocumentTitle("Exports");
  return (
    <AdminOnly>
      <PageHeader
        title="Exports"
        description="CSV files for spreadsheets and the CRM. Each download is recorded in the audit log."
      />
      <ul className="grid gap-4 sm:grid-cols-2">
        {EXPORT_KINDS.map((kind) => (
          <li
            key={kind}
            className="flex flex-col items-start gap-3 rounded-2xl border border-border bg-card p-5 shadow-card"
          >
            <div className="flex flex-col gap-1">
              <h2 className="text-lg font-semibold">{EXPORTS[kind].title}</h2>
              <p className="text-sm text-muted-foreground">{EXPORTS[kind].text}</p>
            </div>
            <a href={exportUrl(kind)} download className={buttonVariants({ variant: "outline", size: "sm" })}>
              <DownloadIcon aria-hidden="true" />
              Download {exportFile(kind)}
            </a>
          </li>
        ))}
      </ul>
      <p className="text-sm text-muted-foreground">
        For only some applications, filter the{" "}
        {/* Underlined: inside a sentence, colour alone would not set a link apart (WCAG 1.4.1). */}
        <Link to="/inbox" className="font-medium text-primary underline underline-offset-4">
          inbox
        </Link>{" "}
        and use its Export CSV.
      </p>
    </AdminOnly>
  );
}
