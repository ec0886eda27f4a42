import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  UNSAFE_FrameworkContext,
  useLocation,
  useMatches,
  type LinksFunction,
} from "react-router";
import { useContext } from "react";
import type { Route } from "./+types/root";
import inlineStylesheet from "./app.css?inline";
import fontUrl from "#ui/fonts/inter-latin-wght.woff2?url";
import { SiteFooter } from "./components/layout/site-footer";
import { SiteHeader } from "./components/layout/site-header";
import { arrivalScrollScript, wantsArrivalScroll } from "./lib/arrival-scroll";
import { wantsHydration } from "./lib/hydration";
import { speculationRules } from "./lib/speculation-rules";
import { NewsletterForm } from "./features/newsletter/newsletter-form";
import { Island } from "./islands/island";

export const links: LinksFunction = () => [
  { rel: "preload", href: fontUrl, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "icon", href: "/favicon.ico", sizes: "32x32" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
  { rel: "manifest", href: "/site.webmanifest" },
];

export function Layout({ children }: { children: React.ReactNode }) {
  const matches = useMatches();
  const { pathname } = useLocation();
  const arrivalScroll = matches.some((match) => wantsArrivalScroll(match.handle));
  // Public pages ship no framework: React renders them at build time and a
  // small page script (app/page/main.ts, added by the build) does the rest.
  // A route that needs React in the browser says so with
  // `handle: { hydrate: true }`; React Router's SPA fallback page always does.
  const isSpaMode = useContext(UNSAFE_FrameworkContext)?.isSpaMode ?? false;
  const hydrate = isSpaMode || matches.some((match) => wantsHydration(match.handle));
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b1f3a" />
        {/* Before the parser reaches a section: "/#section" from another page
            waits, then scrolls smoothly. Prerendered only, like the style
            below (the build hashes it for the CSP); it never runs again. */}
        {arrivalScroll && (
          <script
            dangerouslySetInnerHTML={{ __html: import.meta.env.SSR ? arrivalScrollScript() : "" }}
            suppressHydrationWarning
          />
        )}
        {/* The whole stylesheet (about 9 KB compressed) goes inline in each
            prerendered page: the first paint waits for no request, and the
            route modules' preloads cannot queue ahead of it. The browser
            bundle leaves it out (SSR only) and hydration keeps the element
            as the page has it. */}
        <style
          dangerouslySetInnerHTML={{ __html: import.meta.env.SSR ? inlineStylesheet : "" }}
          suppressHydrationWarning
        />
        <Meta />
        <Links />
        {/* Likely next pages load (or render) ahead of the click: every
            link is an ordinary page load. Hashed for the CSP like the rest. */}
        <script
          type="speculationrules"
          dangerouslySetInnerHTML={{ __html: JSON.stringify(speculationRules(pathname)) }}
        />
        {/* In development the page script comes from Vite's dev server; the
            build adds its hashed file instead (scripts/page-script.mjs). */}
        {import.meta.env.DEV && !hydrate && <script type="module" src="/app/page/main.ts" />}
      </head>
      <body>
        <a
          href="#main"
          className="sr-only z-[60] rounded-lg bg-primary px-4 py-2 font-semibold text-primary-foreground focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
        >
          Skip to content
        </a>
        {children}
        {hydrate && <ScrollRestoration />}
        {hydrate && <Scripts />}
      </body>
    </html>
  );
}

export default function App() {
  return (
    <>
      <SiteHeader />
      <main id="main" tabIndex={-1} className="outline-none">
        <Outlet />
      </main>
      <SiteFooter newsletter={<Island name="newsletter" component={NewsletterForm} props={{}} />} />
    </>
  );
}

export function HydrateFallback() {
  return (
    <p className="p-8 text-center text-muted-foreground" role="status">
      Loading…
    </p>
  );
}

/** The default error screen: status and text, or the message; never a stack trace. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  let detail = "Something went wrong.";
  if (isRouteErrorResponse(error)) {
    detail = `${error.status} ${error.statusText}`.trim();
  } else if (error instanceof Error) {
    detail = error.message;
  }
  return (
    <main id="main" className="mx-auto flex min-h-[60vh] max-w-2xl flex-col justify-center gap-4 px-6 py-20">
      <h1 className="text-3xl font-bold tracking-tight">Unexpected Application Error!</h1>
      <p className="text-lg text-muted-foreground">{detail}</p>
      <p>
        <a className="font-semibold text-primary underline underline-offset-4" href="/">
          Return to Home
        </a>
      </p>
    </main>
  );
}
