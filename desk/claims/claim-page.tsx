/**
 * One claim (/desk/claims/:id): its standing and words, its evidence files
 * (withdrawn ones kept, each downloadable, every download audited), and for
 * its owner's holder or an admin: attach a file, withdraw one with a reason,
 * record a review (the next review day and a note). Then its history: every
 * change, download and owner e-mail, newest first.
 */
import { useState, type FormEvent } from "react";
import { DownloadIcon } from "lucide-react";
import { Link, useLoaderData, useRevalidator } from "react-router";
import { Badge } from "#ui/badge";
import { Button, buttonVariants } from "#ui/button";
import { Field, FieldDescription, FieldError, FieldLabel } from "#ui/field";
import { Input } from "#ui/input";
import { Textarea } from "#ui/textarea";
import { ACCEPTED_IN_WORDS } from "#domain/documents/file-kind";
import {
  CLAIM_EVIDENCE_LABEL_MAX,
  CLAIM_REVIEW_NOTE_MAX,
  claimEvidenceLabel,
  claimReviewInput,
  holdReason,
  problemWith,
} from "#domain/desk/inputs";
import type { ClaimEvidenceFile, ClaimItem, ClaimsOverview } from "#domain/desk/contract";
import { useMe } from "../common/components/layout";
import { EmptyState, ErrorAlert, Notice } from "../common/components/messages";
import { PageHeader, Section, useDocumentTitle } from "../common/components/page";
import { ReasonDialog } from "../common/components/reason-dialog";
import { formatDateTime, formatDay } from "../common/lib/format";
import { guarded } from "../common/lib/session";
import { useAction } from "../common/lib/use-action";
import { attachEvidence, evidenceUrl, getClaims, recordReview, withdrawEvidence } from "./api";
import { filedFiles, holderOf, holderWords, sizeWords, STATUS_WORDS } from "./claim-words";

export interface ClaimView {
  overview: ClaimsOverview;
  claim: ClaimItem | null;
}

export const claimLoader = guarded(async ({ request, params }) => {
  const overview = await getClaims(request.signal);
  return {
    overview,
    claim: overview.claims.find((entry) => entry.id === params.id) ?? null,
  } satisfies ClaimView;
});

const KIND_WORDS: Record<string, string> = {
  "application/pdf": "PDF",
  "image/png": "PNG",
  "image/jpeg": "JPEG",
};

function EvidenceRow({
  claim,
  file,
  mayWork,
}: {
  claim: ClaimItem;
  file: ClaimEvidenceFile;
  mayWork: boolean;
}) {
  const revalidator = useRevalidator();
  const { run, pending, error } = useAction();
  const withdrawn = file.withdrawnAt !== null;
  return (
    <li className="flex flex-col gap-2 border-b border-border py-3 last:border-b-0 sm:flex-row sm:items-start sm:justify-between">
      <div className="flex min-w-0 flex-col gap-0.5">
        <span className={withdrawn ? "font-medium text-muted-foreground line-through" : "font-medium"}>
          {file.label}
        </span>
        <span className="text-sm text-muted-foreground">
          {KIND_WORDS[file.mediaType ?? ""] ?? "File"}, {sizeWords(file.size)} · added by {file.addedBy},{" "}
          {formatDateTime(file.addedAt)}
        </span>
        {withdrawn && (
          <span className="text-sm">
            <Badge variant="bad">Withdrawn</Badge> by {file.withdrawnBy}, {formatDateTime(file.withdrawnAt)}:
            “{file.withdrawnReason}”
          </span>
        )}
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">
        <a
          href={evidenceUrl(claim.id, file.id)}
          download
          aria-label={`Download ${file.label}`}
          className={buttonVariants({ variant: "outline", size: "sm" })}
        >
          <DownloadIcon aria-hidden="true" />
          Download
        </a>
        {mayWork && !withdrawn && (
          <ReasonDialog
            trigger={
              <Button variant="outline" size="sm">
                Withdraw
              </Button>
            }
            title={`Withdraw “${file.label}”`}
            description="The file is kept and still listed, marked withdrawn with your reason; it no longer counts as evidence."
            confirmLabel="Withdraw"
            destructive
            rule={holdReason}
            error={error}
            pending={pending}
            onConfirm={async (reason) => {
              const done = (await run(() => withdrawEvidence(claim.id, file.id, reason))) !== undefined;
              if (done) void revalidator.revalidate();
              return done;
            }}
          />
        )}
      </div>
    </li>
  );
}

function AttachForm({ claim }: { claim: ClaimItem }) {
  const revalidator = useRevalidator();
  const { run, pending, error } = useAction();
  const [label, setLabel] = useState("");
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | undefined>();
  const [formKey, setFormKey] = useState(0);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = problemWith(claimEvidenceLabel, label) ?? (file ? undefined : "Choose the file");
    setProblem(found);
    if (found || !file) return;
    if ((await run(() => attachEvidence(claim.id, label.trim(), file))) !== undefined) {
      setLabel("");
      setFile(null);
      setFormKey((key) => key + 1);
      void revalidator.revalidate();
    }
  }

  return (
    <form key={formKey} onSubmit={submit} className="flex flex-col gap-3" aria-label="Attach evidence">
      <Field invalid={Boolean(problem && !label.trim())}>
        <FieldLabel htmlFor="evidence-label">What the file is</FieldLabel>
        <Input
          id="evidence-label"
          value={label}
          maxLength={CLAIM_EVIDENCE_LABEL_MAX}
          placeholder="CRM closed-deal export, June 2027"
          onChange={(event) => setLabel(event.target.value)}
        />
      </Field>
      <Field>
        <FieldLabel htmlFor="evidence-file">Evidence file</FieldLabel>
        <Input
          id="evidence-file"
          type="file"
          accept="application/pdf,image/png,image/jpeg"
          className="h-auto py-2"
          onChange={(event) => setFile(event.target.files?.[0] ?? null)}
        />
        <FieldDescription>{`${ACCEPTED_IN_WORDS[0].toUpperCase()}${ACCEPTED_IN_WORDS.slice(1)}: the server decides from the file's bytes, and keeps it encrypted.`}</FieldDescription>
      </Field>
      {problem && <FieldError>{problem}</FieldError>}
      {error && <ErrorAlert>{error.message}</ErrorAlert>}
      <div>
        <Button type="submit" disabled={pending}>
          {pending ? "Attaching…" : "Attach evidence"}
        </Button>
      </div>
    </form>
  );
}

function ReviewForm({ claim, today }: { claim: ClaimItem; today: string }) {
  const revalidator = useRevalidator();
  const { run, pending, error } = useAction();
  const [reviewBy, setReviewBy] = useState("");
  const [note, setNote] = useState("");
  const [problem, setProblem] = useState<string | undefined>();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const input = { reviewBy, note: note.trim() };
    const found =
      problemWith(claimReviewInput, input) ??
      (reviewBy <= today ? "The next review day must be after today" : undefined);
    setProblem(found);
    if (found) return;
    if ((await run(() => recordReview(claim.id, input))) !== undefined) {
      setReviewBy("");
      setNote("");
      void revalidator.revalidate();
    }
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-3" aria-label="Record a review">
      <Field>
        <FieldLabel htmlFor="review-by">Next review by</FieldLabel>
        <Input
          id="review-by"
          type="date"
          min={today}
          value={reviewBy}
          className="w-auto"
          onChange={(event) => setReviewBy(event.target.value)}
        />
      </Field>
      <Field>
        <FieldLabel htmlFor="review-note">What you checked</FieldLabel>
        <Textarea
          id="review-note"
          value={note}
          maxLength={CLAIM_REVIEW_NOTE_MAX}
          onChange={(event) => setNote(event.target.value)}
        />
      </Field>
      {problem && <FieldError>{problem}</FieldError>}
      {error && <ErrorAlert>{error.message}</ErrorAlert>}
      <div>
        <Button type="submit" disabled={pending}>
          {pending ? "Recording…" : "Record review"}
        </Button>
      </div>
    </form>
  );
}

function Facts({ claim, overview }: { claim: ClaimItem; overview: ClaimsOverview }) {
  const rows: [string, React.ReactNode][] = [
    ["Status", <Badge variant={STATUS_WORDS[claim.status].tone}>{STATUS_WORDS[claim.status].label}</Badge>],
    [
      "Review by",
      `${formatDay(claim.reviewBy)}${claim.reviewBy === claim.registerReviewBy ? " (the register's)" : " (recorded review)"}`,
    ],
    ["Owner", `${claim.owner}: ${holderWords(holderOf(overview, claim.owner))}`],
    ["Approver", `${claim.approver}: ${holderWords(holderOf(overview, claim.approver))}`],
    [
      "What it counts",
      <ul className="flex flex-col gap-0.5">
        <li>Counts: {claim.meaning.numerator}</li>
        <li>Over: {claim.meaning.denominator}</li>
        <li>Who: {claim.meaning.population}</li>
        <li>When: {claim.meaning.period}</li>
      </ul>,
    ],
    ["Evidence expected", claim.evidence.map((entry) => entry.description).join(" ") || "None described"],
    ["Fallback wording", claim.fallback],
    [
      "Appears on",
      claim.pages === null ? "Not built yet" : claim.pages.length === 0 ? "No page" : claim.pages.join(", "),
    ],
  ];
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-[12rem_1fr]">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-sm font-medium text-muted-foreground">{term}</dt>
          <dd className="min-w-0 break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function ClaimPage() {
  const { overview, claim } = useLoaderData() as ClaimView;
  const me = useMe();
  useDocumentTitle(claim ? `Claim ${claim.id}` : "No such claim");
  if (!claim) {
    return (
      <PageHeader
        title="No such claim"
        description={
          <>
            The register has no claim by that name.{" "}
            <Link to="/claims" className="underline">
              All claims
            </Link>
          </>
        }
      />
    );
  }
  const mayWork = me.role === "admin" || overview.yourRoles.includes(claim.owner);
  const filed = filedFiles(claim).length;
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={claim.wording}
        description={
          <>
            <span className="font-mono">{claim.id}</span> ·{" "}
            <Link to="/claims" className="underline underline-offset-2">
              All claims
            </Link>
          </>
        }
      />
      {(claim.status === "lapsed" || claim.status === "unsupported") && (
        <Notice title={`This claim is ${STATUS_WORDS[claim.status].label.toLowerCase()}`}>
          {STATUS_WORDS[claim.status].description}
        </Notice>
      )}
      <Section title="The claim">
        <Facts claim={claim} overview={overview} />
      </Section>
      <Section
        title={`Evidence (${filed} filed${claim.files.length > filed ? `, ${claim.files.length - filed} withdrawn` : ""})`}
        description={
          mayWork
            ? "Files that back the claim. Withdrawn files are kept and listed; only filed ones count."
            : "Files that back the claim. The owner's holder or an admin attaches and withdraws them."
        }
      >
        {claim.files.length === 0 ? (
          <EmptyState>No evidence filed.</EmptyState>
        ) : (
          <ul className="flex flex-col">
            {claim.files.map((file) => (
              <EvidenceRow key={file.id} claim={claim} file={file} mayWork={mayWork} />
            ))}
          </ul>
        )}
        {mayWork && <AttachForm claim={claim} />}
      </Section>
      {mayWork && (
        <Section
          title="Record a review"
          description="Once you have checked the claim against its evidence: the next day it is reviewed by. Its owner is e-mailed again before that day."
        >
          <ReviewForm claim={claim} today={overview.today} />
        </Section>
      )}
      <Section title={`History (${claim.history.length})`}>
        {claim.history.length === 0 ? (
          <EmptyState>Nothing recorded yet.</EmptyState>
        ) : (
          <ol className="flex flex-col gap-2">
            {claim.history.map((entry, index) => (
              <li key={index} className="flex flex-col text-sm sm:flex-row sm:gap-3">
                <span className="shrink-0 text-muted-foreground sm:w-48">{formatDateTime(entry.at)}</span>
                <span className="min-w-0 break-words">
                  <span className="font-medium">{entry.actor ?? "The server"}</span> {entry.summary}
                </span>
              </li>
            ))}
          </ol>
        )}
      </Section>
    </div>
  );
}
