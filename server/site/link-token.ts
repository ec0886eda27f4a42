/**
 * The token of a link we e-mail (?token=: the newsletter's confirm and
 * unsubscribe links, a privacy request's verify and package links): URL-safe
 * base64 of 32 bytes. The schema those routes declare for their query:
 * anything else, given twice or not at all is no token, which each page
 * answers in its own words (an incomplete or unknown link); other parameters
 * are ignored.
 */
import { z } from "zod";

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export const linkTokenQuery = z.object({ token: z.string().regex(TOKEN).optional().catch(undefined) });
