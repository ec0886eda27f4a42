import { useState } from "react";
import { Button } from "#ui/button";
import { endSession } from "../api/requests";
import type { SessionItem } from "#domain/desk/contract";
import { formatDateTime } from "../lib/format";
import { useAction } from "../lib/use-action";
import { describeUserAgent } from "../lib/user-agent";

/**
 * Sessions, one per line, each with a button to end it; the current one is
 * marked "This device" and has none (the header's "Sign out" ends it).
 */
export function SessionsList({
  sessions,
  label,
  pending,
  onEnd,
}: {
  sessions: SessionItem[];
  label: string;
  pending: boolean;
  onEnd: (session: SessionItem) => void;
}) {
  if (!sessions.length) return <p className="text-sm text-muted-foreground">No active sessions.</p>;
  return (
    <ul aria-label={label} className="flex flex-col divide-y divide-border rounded-xl border border-border">
      {sessions.map((session) => {
        const device = describeUserAgent(session.userAgent);
        return (
          <li key={session.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
            <div className="flex min-w-0 flex-col gap-0.5 text-sm">
              <p className="font-medium">
                {device}
                {session.ip && <span className="font-normal text-muted-foreground"> · {session.ip}</span>}
                {session.current && (
                  <span className="ml-2 inline-block rounded-full bg-accent px-2 py-0.5 text-xs font-semibold text-accent-foreground">
                    This device
                  </span>
                )}
              </p>
              <p className="text-xs text-muted-foreground">
                Signed in {formatDateTime(session.createdAt)} · last active{" "}
                {formatDateTime(session.lastSeenAt)} · ends by {formatDateTime(session.expiresAt)}
              </p>
            </div>
            {!session.current && (
              <Button
                type="button"
                variant="outline"
                size="sm"
                disabled={pending}
                aria-label={`End session: ${device}, signed in ${formatDateTime(session.createdAt)}`}
                onClick={() => onEnd(session)}
              >
                End session
              </Button>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/**
 * Ending one session of a list: the last news is cleared, the session ended,
 * `said` announced, then `reload` reads the list again. The action's pending
 * state and error are the page's to show (with its other calls, if any).
 */
export function useEndSession(said: (session: SessionItem) => string, reload: () => Promise<unknown>) {
  const action = useAction();
  const [news, setNews] = useState<string | null>(null);

  async function end(session: SessionItem) {
    setNews(null);
    const ended = await action.run(async () => {
      await endSession(session.id);
      return true;
    });
    if (!ended) return;
    setNews(said(session));
    await reload();
  }

  return { action, news, end };
}
