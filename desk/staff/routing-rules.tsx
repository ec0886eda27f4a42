import { ArrowDownIcon, ArrowUpIcon, PlusIcon, Trash2Icon } from "lucide-react";
import { useId, useRef, useState } from "react";
import { Button } from "#ui/button";
import { cn } from "#ui/cn";
import { Field, FieldError } from "#ui/field";
import { fieldControlClasses } from "#ui/input";
import type { AssignmentRule } from "#domain/desk/contract";
import { FundingTypeSelect } from "../common/components/funding-type-select";
import { EmptyState, ErrorAlert, StatusMessage } from "../common/components/messages";
import { Section } from "../common/components/page";
import { TextField } from "../common/components/text-field";
import { formatAmount, optionLabel } from "../common/lib/format";
import { useAction } from "../common/lib/use-action";
import { saveRules } from "./api";

type Rule = Omit<AssignmentRule, "id">;

/** A rule being edited: the amounts as typed, a key of its own for the list. */
interface Draft {
  key: number;
  fundingType: string;
  minAmount: string;
  maxAmount: string;
  group: string;
}

const DESCRIPTION =
  "The first rule an application matches sends it to that group's members on duty, in turn; with nobody of the group on duty it goes to everyone on duty. An application that matches no rule goes to everyone on duty.";

/** "SBA Loan, $1,000,000 to $5,000,000" (what a rule matches, in words). */
export function ruleWords(rule: Rule): string {
  const type = rule.fundingType ? optionLabel("fundingType", rule.fundingType) : "Any funding type";
  const { minAmount: min, maxAmount: max } = rule;
  const band =
    min !== null && max !== null
      ? `${formatAmount(min)} to ${formatAmount(max)}`
      : min !== null
        ? `${formatAmount(min)} or more`
        : max !== null
          ? `up to ${formatAmount(max)}`
          : "any amount";
  return `${type}, ${band}`;
}

/** An amount as typed: blank is no bound; "1,000,000" and "$5000" read as numbers. */
function readAmount(text: string): number | null | undefined {
  const cleaned = text.replace(/[$,\s]/g, "");
  if (!cleaned) return null;
  return /^\d+(\.\d{1,2})?$/.test(cleaned) ? Number(cleaned) : undefined;
}

/** A rule being edited, in words as far as it reads ("SBA Loan, $250,000 or more to SBA desk"). */
function draftWords(draft: Draft): string {
  const words = ruleWords({
    fundingType: draft.fundingType || null,
    minAmount: readAmount(draft.minAmount) ?? null,
    maxAmount: readAmount(draft.maxAmount) ?? null,
    group: draft.group,
  });
  return draft.group.trim() ? `${words} to ${draft.group.trim()}` : words;
}

/** The rules in order, as every member reads them. */
function RuleList({ rules }: { rules: AssignmentRule[] }) {
  if (!rules.length) {
    return <EmptyState>No routing rules: every application goes to everyone on duty, in turn.</EmptyState>;
  }
  return (
    <ol
      aria-label="Routing rules"
      className="flex flex-col divide-y divide-border rounded-xl border border-border"
    >
      {rules.map((rule, index) => (
        <li key={rule.id} className="flex flex-wrap items-baseline gap-x-3 gap-y-1 px-4 py-3 text-sm">
          <span className="w-5 shrink-0 font-semibold text-muted-foreground tabular-nums">{index + 1}.</span>
          <span className="min-w-0 flex-1">{ruleWords(rule)}</span>
          <span className="font-medium">
            <span className="text-muted-foreground">to </span>
            {rule.group}
          </span>
        </li>
      ))}
    </ol>
  );
}

/**
 * The routing rules section of the staff page: read by every member; an
 * admin adds, removes and reorders rules, then saves the whole list.
 * `groups`: the groups members are in (suggested; a rule naming a group
 * nobody is in is pointed out).
 */
export function RoutingRules({
  rules,
  editable,
  groups = [],
  onSaved,
}: {
  rules: AssignmentRule[];
  editable: boolean;
  groups?: string[];
  onSaved?: () => void;
}) {
  return (
    <Section title="Routing rules" description={DESCRIPTION}>
      {editable ? <RuleEditor rules={rules} groups={groups} onSaved={onSaved} /> : <RuleList rules={rules} />}
    </Section>
  );
}

function RuleEditor({
  rules,
  groups,
  onSaved,
}: {
  rules: AssignmentRule[];
  groups: string[];
  onSaved?: () => void;
}) {
  const id = useId();
  const action = useAction();
  const nextKey = useRef(rules.length);
  const toDraft = (rule: Rule, key: number): Draft => ({
    key,
    fundingType: rule.fundingType ?? "",
    minAmount: rule.minAmount === null ? "" : String(rule.minAmount),
    maxAmount: rule.maxAmount === null ? "" : String(rule.maxAmount),
    group: rule.group,
  });
  const [drafts, setDrafts] = useState<Draft[]>(() => rules.map(toDraft));
  const [changed, setChanged] = useState(false);
  const [news, setNews] = useState<string | null>(null);
  const [ownErrors, setOwnErrors] = useState<Record<string, string>>({});

  function edit(next: Draft[]) {
    setDrafts(next);
    setChanged(true);
    setNews(null);
  }
  const update = (key: number, change: Partial<Draft>) =>
    edit(drafts.map((draft) => (draft.key === key ? { ...draft, ...change } : draft)));
  const move = (index: number, by: number) => {
    const next = [...drafts];
    const [draft] = next.splice(index, 1);
    next.splice(index + by, 0, draft);
    edit(next);
  };
  const add = () =>
    edit([
      ...drafts,
      toDraft({ fundingType: null, minAmount: null, maxAmount: null, group: "" }, nextKey.current++),
    ]);

  async function save() {
    const errors: Record<string, string> = {};
    const items = drafts.map((draft, index): Rule => {
      const minAmount = readAmount(draft.minAmount);
      const maxAmount = readAmount(draft.maxAmount);
      if (minAmount === undefined)
        errors[`items.${index}.minAmount`] = "Enter an amount in USD, such as 250000";
      if (maxAmount === undefined)
        errors[`items.${index}.maxAmount`] = "Enter an amount in USD, such as 250000";
      if (!draft.group.trim()) errors[`items.${index}.group`] = "Name the group that takes these";
      return {
        fundingType: draft.fundingType || null,
        minAmount: minAmount ?? null,
        maxAmount: maxAmount ?? null,
        group: draft.group.trim(),
      };
    });
    setOwnErrors(errors);
    if (Object.keys(errors).length) return;
    const saved = await action.run(() => saveRules(items));
    if (!saved) return;
    setDrafts(saved.items.map(toDraft));
    setChanged(false);
    setNews(saved.items.length ? `Routing rules saved (${saved.items.length}).` : "Routing rules removed.");
    onSaved?.();
  }

  const errorOf = (index: number, field: keyof Rule) =>
    ownErrors[`items.${index}.${field}`] ?? action.error?.fieldErrors[`items.${index}.${field}`];
  const problem =
    action.error?.message ??
    (Object.keys(ownErrors).length ? "Some rules need a change: see the fields marked above." : null);

  return (
    <div className="flex flex-col gap-4">
      {drafts.length === 0 ? (
        <EmptyState>No routing rules: every application goes to everyone on duty, in turn.</EmptyState>
      ) : (
        <ol aria-label="Routing rules" className="flex flex-col gap-3">
          {drafts.map((draft, index) => {
            const field = `${id}-${draft.key}`;
            const nobody = draft.group.trim() && !groups.includes(draft.group.trim());
            return (
              <li
                key={draft.key}
                aria-label={`Rule ${index + 1}`}
                className="flex flex-col gap-3 rounded-xl border border-border p-3 sm:p-4"
              >
                <div className="flex items-center justify-between gap-2">
                  <h3 className="min-w-0 text-sm font-semibold">
                    Rule {index + 1}
                    <span className="font-normal text-muted-foreground"> · {draftWords(draft)}</span>
                  </h3>
                  <div className="flex gap-1">
                    <Button
                      type="button"
                      variant="ghost"
                      size="icon"
                      className="size-9"
                      aria-label={`Move rule ${index + 1} up`}
                      disabled={index === 0}
                      onClick={() => move(index, -1)}
                    >
                      <ArrowUpIcon aria-hidden="true" />
                    </Button>
                    <Button
                      type="button"
                      variant="ghost"
                      size="icon"
                      className="size-9"
                      aria-label={`Move rule ${index + 1} down`}
                      disabled={index === drafts.length - 1}
                      onClick={() => move(index, 1)}
                    >
                      <ArrowDownIcon aria-hidden="true" />
                    </Button>
                    <Button
                      type="button"
                      variant="ghost"
                      size="icon"
                      className="size-9 text-destructive hover:bg-destructive/10"
                      aria-label={`Remove rule ${index + 1}`}
                      onClick={() => edit(drafts.filter((other) => other.key !== draft.key))}
                    >
                      <Trash2Icon aria-hidden="true" />
                    </Button>
                  </div>
                </div>
                <div className="grid grid-cols-2 gap-x-3 gap-y-2 lg:grid-cols-[minmax(0,1.4fr)_minmax(0,1fr)_minmax(0,1fr)_minmax(0,1.2fr)]">
                  <Field
                    className="col-span-2 lg:col-span-1"
                    invalid={Boolean(errorOf(index, "fundingType"))}
                  >
                    <FundingTypeSelect
                      id={`${field}-type`}
                      value={draft.fundingType}
                      onChange={(event) => update(draft.key, { fundingType: event.target.value })}
                      aria-describedby={`${field}-type-error`}
                      aria-invalid={Boolean(errorOf(index, "fundingType")) || undefined}
                      className={cn(fieldControlClasses, "h-11")}
                    />
                    <FieldError id={`${field}-type-error`}>{errorOf(index, "fundingType")}</FieldError>
                  </Field>
                  <TextField
                    id={`${field}-min`}
                    label="From (USD)"
                    inputMode="decimal"
                    placeholder="No minimum"
                    value={draft.minAmount}
                    onChange={(event) => update(draft.key, { minAmount: event.target.value })}
                    validated
                    error={errorOf(index, "minAmount")}
                  />
                  <TextField
                    id={`${field}-max`}
                    label="To (USD)"
                    inputMode="decimal"
                    placeholder="No maximum"
                    value={draft.maxAmount}
                    onChange={(event) => update(draft.key, { maxAmount: event.target.value })}
                    validated
                    error={errorOf(index, "maxAmount")}
                  />
                  <TextField
                    id={`${field}-group`}
                    className="col-span-2 lg:col-span-1"
                    label="Group"
                    list={`${id}-groups`}
                    autoComplete="off"
                    value={draft.group}
                    onChange={(event) => update(draft.key, { group: event.target.value })}
                    hint={nobody ? "Nobody is in this group yet: these go to everyone on duty." : undefined}
                    validated
                    error={errorOf(index, "group")}
                  />
                </div>
              </li>
            );
          })}
        </ol>
      )}
      <datalist id={`${id}-groups`}>
        {groups.map((group) => (
          <option key={group} value={group} />
        ))}
      </datalist>
      <ErrorAlert>{problem}</ErrorAlert>
      <StatusMessage>{news}</StatusMessage>
      <div className="flex flex-wrap items-center gap-2">
        <Button type="button" variant="outline" onClick={add}>
          <PlusIcon aria-hidden="true" />
          Add a rule
        </Button>
        <Button type="button" onClick={save} disabled={!changed || action.pending}>
          {action.pending ? "Saving…" : "Save rules"}
        </Button>
        {changed && (
          <Button
            type="button"
            variant="ghost"
            onClick={() => {
              setDrafts(rules.map(toDraft));
              setChanged(false);
              setOwnErrors({});
              action.setError(null);
            }}
          >
            Undo changes
          </Button>
        )}
      </div>
    </div>
  );
}
