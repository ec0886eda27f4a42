/**
 * The small pages behind the e-mails' links and the public forms' answers:
 * server-rendered HTML in the site's colours, no script at all (the site's
 * CSP allows none inline), a plain form POST for the action, and `noindex`.
 */
import type { ReactNode } from "react";
import { siteFacts } from "#domain/site-facts";
import { theme } from "./layout";

/** The site's primary button, for each server page's one form. */
export const BUTTON_CSS = `
button{font:inherit;font-weight:600;border:0;border-radius:8px;padding:12px 20px;background:${theme.primary};color:#fff;cursor:pointer}
button:hover{background:#115e59}
button:focus-visible,a:focus-visible{outline:3px solid ${theme.primary};outline-offset:2px}
`;

const css = `
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;padding:24px;background:${theme.background};color:${theme.ink};font-family:${theme.font}}
main{width:100%;max-width:480px;background:${theme.card};border:1px solid ${theme.border};border-radius:12px;padding:32px}
.brand{display:block;margin:0 0 24px;font-weight:700;font-size:18px;color:${theme.ink};text-decoration:none}
h1{margin:0 0 12px;font-size:24px;line-height:32px}
p{margin:0 0 16px;line-height:24px;color:${theme.muted}}
${BUTTON_CSS}a{color:${theme.primary}}
`;

export interface NoticePageProps {
  title: string;
  paragraphs: string[];
  /** A button that POSTs to `action`. */
  form?: { action: string; button: string };
  /** Where the page leads on, without a form; the home page by default. */
  link?: { href: string; label: string };
}

/**
 * A page the server renders whole: the brand, `noindex`, no Referer (a token
 * may be in its address), its own constant CSS, and what goes in `main`.
 */
export function ServerPage({ title, css, children }: { title: string; css: string; children: ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex, nofollow" />
        {/* The token is in this page's address: it must not travel on in a Referer. */}
        <meta name="referrer" content="no-referrer" />
        <title>{`${title} | ${siteFacts.brand}`}</title>
        {/* Our own constant CSS, not escaped (quotes in the font stack must stay quotes). */}
        <style dangerouslySetInnerHTML={{ __html: css }} />
      </head>
      <body>
        <main>
          <a className="brand" href="/">
            {siteFacts.brand}
          </a>
          {children}
        </main>
      </body>
    </html>
  );
}

export function NoticePage({ title, paragraphs, form, link }: NoticePageProps) {
  return (
    <ServerPage title={title} css={css}>
      <h1>{title}</h1>
      {paragraphs.map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
      {form ? (
        <form method="post" action={form.action}>
          <button type="submit">{form.button}</button>
        </form>
      ) : (
        <p>
          <a href={link?.href ?? "/"}>{link?.label ?? `Back to ${siteFacts.brand}`}</a>
        </p>
      )}
    </ServerPage>
  );
}
