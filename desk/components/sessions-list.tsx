import type { SessionInfo } from "../api/types";
import { formatDateTime } from "../lib/format";
import { describeUserAgent } from "../lib/user-agent";
import { Button } from "~/components/ui/button";

const th = "px-3 py-2.5 text-left text-xs font-semibold tracking-wide text-muted-foreground uppercase";
const td = "px-3 py-3 align-top";

/** Sessions with a button to end each; the current one is marked and ends by signing out. */
export function SessionsTable({
  sessions,
  caption,
  pending,
  onEnd,
  onSignOut,
}: {
  sessions: SessionInfo[];
  caption: string;
  pending: boolean;
  onEnd: (session: SessionInfo) => void;
  onSignOut?: () => void;
}) {
  if (!sessions.length) return <p className="text-sm text-muted-foreground">No active sessions.</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full border-collapse text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-border bg-muted/60">
          <tr>
            <th scope="col" className={th}>
              Device
            </th>
            <th scope="col" className={th}>
              Signed in
            </th>
            <th scope="col" className={th}>
              Last active
            </th>
            <th scope="col" className={th}>
              Ends by
            </th>
            <th scope="col" className={th}>
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {sessions.map((session) => {
            const device = describeUserAgent(session.userAgent);
            return (
              <tr key={session.id} className="border-b border-border last:border-0">
                <th scope="row" className={`${td} text-left font-medium`}>
                  {device}
                  {session.current && (
                    <span className="ml-2 rounded-full bg-accent px-2 py-0.5 text-xs font-semibold text-accent-foreground">
                      This device
                    </span>
                  )}
                  {session.ip && (
                    <span className="block text-xs font-normal text-muted-foreground">{session.ip}</span>
                  )}
                </th>
                <td className={`${td} whitespace-nowrap`}>{formatDateTime(session.createdAt)}</td>
                <td className={`${td} whitespace-nowrap`}>{formatDateTime(session.lastSeenAt)}</td>
                <td className={`${td} whitespace-nowrap`}>{formatDateTime(session.expiresAt)}</td>
                <td className={`${td} text-right`}>
                  {session.current && onSignOut ? (
                    <Button type="button" variant="outline" size="sm" onClick={onSignOut}>
                      Sign out
                    </Button>
                  ) : (
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
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
