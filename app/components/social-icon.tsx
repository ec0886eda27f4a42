import type { SocialNetwork } from "#domain/site-facts";

// Brand marks drawn inline (lucide no longer ships brand icons); 24px grid.
const paths: Record<SocialNetwork, string> = {
  linkedin:
    "M4.98 3.5a2.49 2.49 0 1 1 0 4.98 2.49 2.49 0 0 1 0-4.98zM3 9.75h4v11.25H3zM9.75 9.75h3.8v1.55c.55-1 1.86-1.85 3.8-1.85 4 0 4.65 2.45 4.65 5.65V21h-4v-5.2c0-1.25-.02-2.85-1.75-2.85s-2.5 1.35-2.5 2.75V21h-4z",
  x: "M18.9 2H22l-7.2 8.2L23.3 22h-6.6l-5.2-6.8L5.6 22H2.5l7.7-8.8L2 2h6.8l4.7 6.2zm-1.2 18h1.7L7.4 3.9H5.6z",
  facebook: "M14 8h3V4h-3c-2.8 0-5 2.2-5 5v2H7v4h2v7h4v-7h3l1-4h-4V9c0-.6.4-1 1-1z",
  youtube:
    "M23 7.2a3 3 0 0 0-2.1-2.1C19 4.6 12 4.6 12 4.6s-7 0-8.9.5A3 3 0 0 0 1 7.2 31 31 0 0 0 .5 12a31 31 0 0 0 .5 4.8 3 3 0 0 0 2.1 2.1c1.9.5 8.9.5 8.9.5s7 0 8.9-.5a3 3 0 0 0 2.1-2.1 31 31 0 0 0 .5-4.8 31 31 0 0 0-.5-4.8zM9.8 15.1V8.9l5.8 3.1z",
};

export const socialLabels: Record<SocialNetwork, string> = {
  linkedin: "LinkedIn",
  x: "X (Twitter)",
  facebook: "Facebook",
  youtube: "YouTube",
};

export function SocialIcon({ network, className }: { network: SocialNetwork; className?: string }) {
  return (
    <svg viewBox="0 0 24 24" className={className} fill="currentColor" aria-hidden="true" focusable="false">
      <path d={paths[network]} />
    </svg>
  );
}
