import { useId, useState, type FormEvent } from "react";
import { Badge } from "#ui/badge";
import { Button } from "#ui/button";
import { Checkbox } from "#ui/checkbox";
import { Label } from "#ui/label";
import type { StaffMember } from "#domain/desk/contract";
import { ErrorAlert, StatusMessage } from "../common/components/messages";
import { TextField } from "../common/components/text-field";
import { useAction } from "../common/lib/use-action";
import { updateDuty } from "./api";

/** "SBA desk, Large deals" typed in one field: each name once, in order. */
export const readGroups = (text: string) => [
  ...new Set(
    text
      .split(",")
      .map((name) => name.trim())
      .filter(Boolean),
  ),
];

/** A member's routing groups as chips (or "No group"). */
export function GroupList({ groups }: { groups: string[] }) {
  if (!groups.length) return <span className="text-muted-foreground">No routing group</span>;
  return (
    <ul className="inline-flex flex-wrap gap-1.5" aria-label="Routing groups">
      {groups.map((group) => (
        <li key={group}>
          <Badge variant="plain">{group}</Badge>
        </li>
      ))}
    </ul>
  );
}

/**
 * A member's duty and routing groups, as the staff page shows them; an
 * admin edits both here (a disabled account cannot be put on duty).
 */
export function MemberDuty({ member, onChanged }: { member: StaffMember; onChanged: () => void }) {
  const id = useId();
  const action = useAction();
  const [editing, setEditing] = useState(false);
  const [onDuty, setOnDuty] = useState(member.onDuty);
  const [news, setNews] = useState<string | null>(null);
  const who = member.name || member.email;

  function open() {
    setOnDuty(member.onDuty);
    setNews(null);
    action.setError(null);
    setEditing(true);
  }

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const groups = readGroups(String(new FormData(event.currentTarget).get("groups") ?? ""));
    const saved = await action.run(() => updateDuty(member.id, { onDuty, groups }));
    if (!saved) return;
    setEditing(false);
    setNews(
      `${who}: ${saved.onDuty ? "on duty" : "off duty"}, ${saved.groups.length ? `in ${saved.groups.join(", ")}` : "in no routing group"}.`,
    );
    onChanged();
  }

  const groupError = Object.entries(action.error?.fieldErrors ?? {}).find(([field]) =>
    field.startsWith("groups"),
  )?.[1];

  return (
    <div className="flex flex-col gap-2 rounded-xl bg-muted/60 px-3 py-2.5 text-sm">
      {!editing ? (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1.5">
            <span className="font-medium">{member.onDuty ? "On duty" : "Off duty"}</span>
            <GroupList groups={member.groups} />
          </div>
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={open}
            aria-label={`Change the duty and routing groups of ${who}`}
          >
            Duty and groups
          </Button>
        </div>
      ) : (
        <form onSubmit={save} noValidate className="flex flex-col gap-3">
          <div className="flex items-center gap-2">
            <Checkbox
              id={`${id}-duty`}
              checked={onDuty}
              disabled={member.disabled && !onDuty}
              onCheckedChange={(checked) => setOnDuty(checked === true)}
            />
            <Label htmlFor={`${id}-duty`}>On duty: takes new applications</Label>
          </div>
          <TextField
            id={`${id}-groups`}
            className="max-w-xl"
            name="groups"
            label="Routing groups"
            hint="Separate groups with commas. Routing rules send applications to a group's members on duty."
            defaultValue={member.groups.join(", ")}
            validated
            error={groupError}
            autoComplete="off"
          />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" size="sm" disabled={action.pending}>
              {action.pending ? "Saving…" : "Save"}
            </Button>
            <Button type="button" variant="outline" size="sm" onClick={() => setEditing(false)}>
              Cancel
            </Button>
          </div>
          {!groupError && <ErrorAlert>{action.error?.message}</ErrorAlert>}
        </form>
      )}
      <StatusMessage>{news}</StatusMessage>
    </div>
  );
}
