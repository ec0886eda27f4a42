import "../lib/zod-config";
import { z } from "zod";
import { emailAddress } from "../lib/email";

/** The newsletter sign-up, shared by the footer form and POST /api/newsletter. */
export const newsletterSchema = z.object({
  email: emailAddress({ lowercase: true, messageWhenMissing: true }),
});

export type NewsletterSignup = z.infer<typeof newsletterSchema>;
