/**
 * The frame every e-mail shares: a centred 600 px card in the site's colours,
 * inline styles only (mail clients drop style sheets), no images at all (no
 * remote content, nothing that could track a reader), and a footer with how
 * to reach the team.
 */
import type { CSSProperties, ReactNode } from "react";
import { siteFacts } from "#domain/site-facts";

/** The site's palette (app/app.css) and font stack. */
export const theme = {
  ink: "#0b1f3a",
  muted: "#475569",
  primary: "#0f766e",
  accent: "#e3f3ef",
  border: "#dbe3e1",
  background: "#f1f5f4",
  card: "#ffffff",
  font: 'Inter, "Segoe UI", Helvetica, Arial, sans-serif',
};

const text: CSSProperties = { margin: "0 0 16px", fontSize: 16, lineHeight: "24px", color: theme.ink };

export function Paragraph({ children, muted = false }: { children: ReactNode; muted?: boolean }) {
  return (
    <p style={{ ...text, ...(muted ? { color: theme.muted, fontSize: 14, lineHeight: "20px" } : {}) }}>
      {children}
    </p>
  );
}

export function Heading({ children }: { children: ReactNode }) {
  return (
    <h1 style={{ margin: "0 0 16px", fontSize: 22, lineHeight: "30px", color: theme.ink }}>{children}</h1>
  );
}

export function Subheading({ children }: { children: ReactNode }) {
  return (
    <h2 style={{ margin: "24px 0 8px", fontSize: 17, lineHeight: "24px", color: theme.ink }}>{children}</h2>
  );
}

/** Label / value rows. */
export function Details({ rows }: { rows: [label: string, value: ReactNode][] }) {
  return (
    <table
      role="presentation"
      cellPadding={0}
      cellSpacing={0}
      style={{ width: "100%", margin: "0 0 16px", borderCollapse: "collapse" }}
    >
      <tbody>
        {rows.map(([label, value]) => (
          <tr key={label}>
            <td
              style={{
                padding: "8px 12px 8px 0",
                borderBottom: `1px solid ${theme.border}`,
                color: theme.muted,
                fontSize: 14,
                width: "40%",
                verticalAlign: "top",
              }}
            >
              {label}
            </td>
            <td
              style={{
                padding: "8px 0",
                borderBottom: `1px solid ${theme.border}`,
                color: theme.ink,
                fontSize: 15,
                fontWeight: 600,
              }}
            >
              {value}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A link that looks like the site's primary button. */
export function ButtonLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <p style={{ margin: "8px 0 24px" }}>
      <a
        href={href}
        style={{
          display: "inline-block",
          padding: "12px 20px",
          borderRadius: 8,
          background: theme.primary,
          color: "#ffffff",
          fontWeight: 600,
          fontSize: 15,
          textDecoration: "none",
        }}
      >
        {children}
      </a>
    </p>
  );
}

/** Quoted text (the consent wording), set apart from our own words. */
export function Quote({ children }: { children: ReactNode }) {
  return (
    <blockquote
      style={{
        margin: "0 0 16px",
        padding: "12px 16px",
        borderLeft: `4px solid ${theme.primary}`,
        background: theme.accent,
        color: theme.ink,
        fontSize: 15,
        lineHeight: "22px",
      }}
    >
      {children}
    </blockquote>
  );
}

/** How to reach the team (site facts), under every e-mail an outsider receives. */
export function ContactFooter() {
  const { address } = siteFacts;
  return (
    <>
      <Paragraph muted>
        Questions? Call us at {siteFacts.phone.display} ({siteFacts.hours}) or write to{" "}
        <a href={`mailto:${siteFacts.email}`} style={{ color: theme.primary }}>
          {siteFacts.email}
        </a>
        .
      </Paragraph>
      <Paragraph muted>
        {siteFacts.legalName}, {address.street}, {address.city}, {address.region} {address.postalCode}
      </Paragraph>
    </>
  );
}

export function EmailLayout({
  title,
  preview,
  children,
  footer,
}: {
  title: string;
  preview: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
      </head>
      <body style={{ margin: 0, padding: 0, background: theme.background, fontFamily: theme.font }}>
        {/* The inbox's one-line preview; hidden in the message and left out of the text part. */}
        <div data-skip-in-text="true" style={{ display: "none", maxHeight: 0, overflow: "hidden" }}>
          {preview}
        </div>
        <table
          role="presentation"
          cellPadding={0}
          cellSpacing={0}
          style={{ width: "100%", background: theme.background }}
        >
          <tbody>
            <tr>
              <td align="center" style={{ padding: "24px 12px" }}>
                <table
                  role="presentation"
                  cellPadding={0}
                  cellSpacing={0}
                  style={{
                    width: "100%",
                    maxWidth: 600,
                    background: theme.card,
                    border: `1px solid ${theme.border}`,
                    borderRadius: 12,
                  }}
                >
                  <tbody>
                    <tr>
                      <td
                        style={{
                          padding: "20px 32px",
                          borderBottom: `1px solid ${theme.border}`,
                          fontSize: 18,
                          fontWeight: 700,
                          color: theme.ink,
                        }}
                      >
                        {siteFacts.brand}
                      </td>
                    </tr>
                    <tr>
                      <td style={{ padding: "28px 32px 12px", fontFamily: theme.font }}>{children}</td>
                    </tr>
                    {footer ? (
                      <tr>
                        <td style={{ padding: "16px 32px 8px", borderTop: `1px solid ${theme.border}` }}>
                          {footer}
                        </td>
                      </tr>
                    ) : null}
                  </tbody>
                </table>
              </td>
            </tr>
          </tbody>
        </table>
      </body>
    </html>
  );
}
