import type { Config } from "./config";
import type { Intake } from "./intake/intake";
import type { NewsletterRepository } from "./newsletter/newsletter-repository";
import type { Store } from "./store/store";

declare module "fastify" {
  interface FastifyInstance {
    config: Config;
    /** The application intake (its `settled()` waits for the owners of what it stored). */
    intake: Intake;
    store: Store;
    newsletter: NewsletterRepository;
  }
  interface FastifyReply {
    /** The page whose CSP script hashes this response needs (set for HTML). */
    cspPage: string | null;
    /** Answers 404 with the site's "Page not found" page. */
    sendNotFoundPage(): FastifyReply;
  }
}
