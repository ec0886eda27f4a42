import type { ReactNode } from "react";
import { Link } from "react-router";
import type { ListItem } from "../api/types";
import { formatAmount, formatDateTime, fullName, optionLabel } from "../lib/format";
import { StateBadges } from "./state-badges";
import { TableScroll } from "./table-scroll";

const th = "px-3 py-2.5 text-left text-xs font-semibold tracking-wide text-muted-foreground uppercase";
const td = "px-3 py-3 align-top";

/**
 * Applications as a table on wide screens and as a list of cards on a phone
 * (the same items; only one of the two is displayed, and hidden content is
 * hidden from screen readers too).
 */
export function ApplicationList({
  items,
  caption,
  showReason,
  actions,
}: {
  items: ListItem[];
  caption: string;
  /** Quarantine: why each one was marked as spam. */
  showReason?: boolean;
  /** Buttons for one item (quarantine: Release). */
  actions?: (item: ListItem) => ReactNode;
}) {
  return (
    <>
      <TableScroll label={caption} className="hidden rounded-xl border border-border bg-card md:block">
        <table className="w-full border-collapse text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="border-b border-border bg-muted/60">
            <tr>
              <th scope="col" className={th}>
                Received
              </th>
              <th scope="col" className={th}>
                Company
              </th>
              <th scope="col" className={th}>
                Name
              </th>
              <th scope="col" className={th}>
                Type
              </th>
              <th scope="col" className={`${th} text-right`}>
                Amount
              </th>
              <th scope="col" className={th}>
                State
              </th>
              {showReason && (
                <th scope="col" className={th}>
                  Reason
                </th>
              )}
              {actions && (
                <th scope="col" className={th}>
                  <span className="sr-only">Actions</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {items.map((item) => (
              <tr key={item.id} className="border-b border-border last:border-0 hover:bg-muted/40">
                <td className={`${td} whitespace-nowrap text-muted-foreground`}>
                  <time dateTime={item.createdAt}>{formatDateTime(item.createdAt)}</time>
                </td>
                <th scope="row" className={`${td} text-left font-semibold`}>
                  <Link
                    to={`/applications/${item.id}`}
                    data-application-link
                    className="text-primary hover:underline"
                  >
                    {item.companyName}
                  </Link>
                </th>
                <td className={td}>{fullName(item)}</td>
                <td className={td}>{optionLabel("fundingType", item.fundingType)}</td>
                <td className={`${td} text-right tabular-nums`}>{formatAmount(item.fundingAmount)}</td>
                <td className={td}>
                  <StateBadges state={item.state} delivery={item.delivery} />
                </td>
                {showReason && <td className={`${td} max-w-xs break-words`}>{item.spamReason}</td>}
                {actions && <td className={`${td} text-right`}>{actions(item)}</td>}
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>

      <ul className="flex flex-col gap-3 md:hidden" aria-label={caption}>
        {items.map((item) => (
          <li key={item.id} className="rounded-xl border border-border bg-card p-4 shadow-card">
            <div className="flex flex-col gap-2">
              <div className="flex items-start justify-between gap-3">
                <Link
                  to={`/applications/${item.id}`}
                  data-application-link
                  className="min-w-0 font-semibold break-words text-primary hover:underline"
                >
                  {item.companyName}
                </Link>
                <span className="shrink-0 text-sm font-semibold tabular-nums">
                  {formatAmount(item.fundingAmount)}
                </span>
              </div>
              <p className="text-sm">
                {fullName(item)}
                <span className="text-muted-foreground">
                  {" "}
                  · {optionLabel("fundingType", item.fundingType)}
                </span>
              </p>
              <div className="flex flex-wrap items-center justify-between gap-2">
                <StateBadges state={item.state} delivery={item.delivery} />
                <time dateTime={item.createdAt} className="text-xs text-muted-foreground">
                  {formatDateTime(item.createdAt)}
                </time>
              </div>
              {showReason && item.spamReason && (
                <p className="text-sm">
                  <span className="font-medium">Reason: </span>
                  {item.spamReason}
                </p>
              )}
              {actions && <div>{actions(item)}</div>}
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}

/**
 * After "Load more", focus goes to the first new application (the button may
 * be gone), so keyboard users carry on where the list grew.
 */
export function focusApplication(index: number) {
  requestAnimationFrame(() => {
    const links = [...document.querySelectorAll<HTMLElement>("[data-application-link]")].filter(
      (link) => link.offsetParent !== null,
    );
    links[index]?.focus();
  });
}
