import { Switch } from "radix-ui";
import { useEffect, useId, useState } from "react";
import { useRevalidator } from "react-router";
import { setMyDuty } from "../api/requests";
import { useAction } from "../lib/use-action";

/**
 * The signed-in member's "On duty" switch, the last item of the desk's
 * navigation: at the end of its bar on a wide screen, in the menu on a phone
 * (where the header has no room for it beside the brand). On duty, they take
 * their turn of the new applications (round-robin); off duty, they get none
 * and keep the ones they have. It shows Me.onDuty (`onDuty`), moves at once
 * when pressed, and goes back (saying so) when the server refuses.
 */
export function DutySwitch({ onDuty: current }: { onDuty: boolean }) {
  const id = useId();
  const action = useAction();
  const revalidator = useRevalidator();
  const [onDuty, setOnDuty] = useState(current);

  // Who is signed in was read again (a revalidation).
  useEffect(() => setOnDuty(current), [current]);

  async function change(next: boolean) {
    setOnDuty(next);
    const saved = await action.run(() => setMyDuty(next));
    if (!saved) {
      setOnDuty(!next);
      return;
    }
    setOnDuty(saved.onDuty);
    // Me is the layout's: every page reads the new flag.
    void revalidator.revalidate();
  }

  return (
    <li className="flex items-center gap-2.5 px-3 py-1.5 lg:ml-auto lg:pr-0">
      <Switch.Root
        id={id}
        checked={onDuty}
        onCheckedChange={change}
        disabled={action.pending}
        aria-describedby={action.error ? `${id}-error` : undefined}
        className="peer relative inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full border border-white/40 bg-white/15 transition-colors focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-highlight disabled:cursor-progress data-[state=checked]:border-highlight data-[state=checked]:bg-highlight"
      >
        <Switch.Thumb className="block size-4.5 translate-x-0.5 rounded-full bg-white shadow-sm transition-transform data-[state=checked]:translate-x-[1.3rem] data-[state=checked]:bg-ink" />
      </Switch.Root>
      <label htmlFor={id} className="cursor-pointer text-sm font-medium whitespace-nowrap">
        On duty
      </label>
      {action.error && (
        <span id={`${id}-error`} role="alert" className="text-xs font-semibold text-star">
          Not saved<span className="sr-only">: {action.error.message}</span>
        </span>
      )}
    </li>
  );
}
