import "../lib/zod-config";
import { z } from "zod";
import { emailAddress } from "../lib/email";
import { NEWSLETTER_HONEYPOT } from "./honeypot";

/** The newsletter sign-up, shared by the footer form and POST /api/newsletter. */
export const newsletterSchema = z.object({
  email: emailAddress({ lowercase: true, messageWhenMissing: true }),
});

export type NewsletterSignup = z.infer<typeof newsletterSchema>;

/**
 * What the server takes (POST /api/newsletter and the footer form's plain
 * post): the address, and the honeypot as sent (filled: kept as spam).
 */
export const newsletterRequestSchema = newsletterSchema.extend({
  [NEWSLETTER_HONEYPOT]: z.unknown().optional(),
});
