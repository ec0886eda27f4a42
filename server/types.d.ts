import type { Config } from "./config";
import type { NewsletterRepository } from "./newsletter/newsletter-repository";
import type { Store } from "./store/store";

declare module "fastify" {
  interface FastifyInstance {
    config: Config;
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
