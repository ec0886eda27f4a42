import MailIcon from "lucide-react/icons/mail";
import MapPinIcon from "lucide-react/icons/map-pin";
import PhoneIcon from "lucide-react/icons/phone";
import type * as React from "react";
import { footerColumns, type FooterColumn } from "~/content/navigation";
import { productPath, productSlugs, productTitles } from "#domain/product-index";
import { siteFacts, type SocialNetwork } from "#domain/site-facts";
import { NavLink } from "../nav-link";
import { SocialIcon, socialLabels } from "../social-icon";
import { Logo } from "./logo";

const productColumn = (): FooterColumn => ({
  title: "Products",
  links: productSlugs.map((slug) => ({ label: productTitles[slug], href: productPath(slug) })),
});

/** Site footer; the newsletter form is passed in by the app shell. */
export function SiteFooter({ newsletter }: { newsletter: React.ReactNode }) {
  const columns = [productColumn(), ...footerColumns];
  const socials = (Object.entries(siteFacts.social) as [SocialNetwork, string][]).filter(([, url]) => url);
  return (
    <footer className="bg-ink text-ink-foreground">
      <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6 lg:px-8">
        <div className="grid gap-10 lg:grid-cols-[1.2fr_2fr]">
          <div className="flex flex-col gap-5">
            <Logo inverse />
            <p className="max-w-sm text-sm leading-relaxed text-ink-muted">{siteFacts.tagline}.</p>
            <ul className="flex flex-col gap-2.5 text-sm text-ink-muted">
              <li>
                <a
                  className="inline-flex items-center gap-2 hover:text-white"
                  href={`tel:${siteFacts.phone.e164}`}
                >
                  <PhoneIcon className="size-4" aria-hidden="true" />
                  {siteFacts.phone.display}
                </a>
              </li>
              <li>
                <a
                  className="inline-flex items-center gap-2 hover:text-white"
                  href={`mailto:${siteFacts.email}`}
                >
                  <MailIcon className="size-4" aria-hidden="true" />
                  {siteFacts.email}
                </a>
              </li>
              <li className="inline-flex items-start gap-2">
                <MapPinIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                <span>
                  {siteFacts.address.street}, {siteFacts.address.city}, {siteFacts.address.region}{" "}
                  {siteFacts.address.postalCode}
                </span>
              </li>
            </ul>
          </div>
          <nav aria-label="Footer" className="grid grid-cols-2 gap-8 sm:grid-cols-4">
            {columns.map((column) => (
              <div key={column.title}>
                <h2 className="text-sm font-semibold tracking-wide text-white">{column.title}</h2>
                <ul className="mt-4 flex flex-col gap-3 text-sm">
                  {column.links.map((item) => (
                    <li key={item.label}>
                      <NavLink item={item} className="text-ink-muted transition-colors hover:text-white" />
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </nav>
        </div>
        <div className="mt-12 grid gap-8 border-t border-white/10 pt-10 lg:grid-cols-[1.2fr_2fr] lg:items-end">
          <div>
            <h2 className="text-base font-semibold text-white">Funding insights, once a month</h2>
            <p className="mt-1 text-sm text-ink-muted">
              Rates, eligibility changes and founder stories. No spam; unsubscribe anytime.
            </p>
          </div>
          {newsletter}
        </div>
        <div className="mt-10 flex flex-col-reverse items-start justify-between gap-4 border-t border-white/10 pt-8 text-sm text-ink-muted sm:flex-row sm:items-center">
          <p>
            © {siteFacts.copyrightYear} {siteFacts.legalName}. All rights reserved.
          </p>
          {socials.length > 0 && (
            <ul className="flex items-center gap-2" aria-label="Social media">
              {socials.map(([network, url]) => (
                <li key={network}>
                  <a
                    href={url}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="inline-flex size-10 items-center justify-center rounded-lg text-ink-muted ring-1 ring-white/15 transition-colors hover:bg-white/10 hover:text-white"
                  >
                    <SocialIcon network={network} className="size-4.5" />
                    <span className="sr-only">{socialLabels[network]} (opens in a new tab)</span>
                  </a>
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </footer>
  );
}
