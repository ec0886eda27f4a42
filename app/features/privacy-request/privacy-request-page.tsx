import { PrivacyRequestForm } from "./privacy-request-form";

/** The page around the form: what can be asked, and what happens next. */
export function PrivacyRequestPage() {
  return (
    <article>
      <header className="border-b border-border bg-muted">
        <div className="mx-auto flex max-w-7xl flex-col gap-4 px-4 py-12 sm:px-6 sm:py-16 lg:px-8">
          <p className="text-sm font-semibold tracking-wider text-primary uppercase">Legal</p>
          <h1 className="text-4xl font-bold tracking-tight text-balance sm:text-5xl">Privacy request</h1>
          <p className="max-w-3xl text-lg leading-relaxed text-pretty text-muted-foreground">
            Ask for a copy of the data we hold about you, have it corrected or deleted, or stop our text
            messages or e-mail. We confirm by e-mail that the request is yours before we act on it.
          </p>
        </div>
      </header>
      <div className="mx-auto max-w-2xl px-4 py-10 sm:px-6 sm:py-14 lg:py-16">
        <PrivacyRequestForm />
      </div>
    </article>
  );
}
