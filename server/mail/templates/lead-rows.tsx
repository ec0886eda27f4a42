/**
 * Leads listed in a staff e-mail, one row each: the company (a link to the
 * lead in the desk) and the receipt's reference, then the line `detail`
 * gives (a deadline, a booked call's time).
 */
import type { ReactNode } from "react";
import { theme } from "./layout";

export interface LeadRow {
  company: string;
  /** The receipt's reference ("HL-…"); applications older than references have none. */
  reference: string | null;
  deskUrl: string;
}

export function LeadRows<Item extends LeadRow>({
  items,
  detail,
}: {
  items: Item[];
  detail: (item: Item) => ReactNode;
}) {
  return (
    <table
      role="presentation"
      cellPadding={0}
      cellSpacing={0}
      style={{ width: "100%", margin: "0 0 16px", borderCollapse: "collapse" }}
    >
      <tbody>
        {items.map((item, index) => (
          <tr key={`${item.deskUrl}-${index}`}>
            <td style={{ padding: "10px 0", borderBottom: `1px solid ${theme.border}` }}>
              <p style={{ margin: 0, fontSize: 15, lineHeight: "22px", fontWeight: 600 }}>
                <a href={item.deskUrl} style={{ color: theme.primary }}>
                  {item.company}
                </a>
                {item.reference ? (
                  <span style={{ color: theme.muted, fontWeight: 400 }}>
                    {" "}
                    · <span style={{ whiteSpace: "nowrap" }}>{item.reference}</span>
                  </span>
                ) : null}
              </p>
              <p style={{ margin: 0, fontSize: 14, lineHeight: "20px", color: theme.ink }}>{detail(item)}</p>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
