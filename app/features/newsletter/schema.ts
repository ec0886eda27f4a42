import { z } from "zod";

// In the browser, no generated code: the site's CSP allows no eval, and zod's
// probe for it would be reported as a violation.
if (typeof window !== "undefined") z.config({ jitless: true });

/** The newsletter sign-up, shared by the footer form and POST /api/newsletter. */
export const newsletterSchema = z.object({
  email: z
    .string({ error: "Please enter a valid email address" })
    .trim()
    .toLowerCase()
    .max(254, "Please enter a valid email address")
    .pipe(z.email({ error: "Please enter a valid email address" })),
});

export type NewsletterSignup = z.infer<typeof newsletterSchema>;
