import fp from "fastify-plugin";
import { createApplicationsRepository } from "../store/applications-repository";
import { createNewsletterRepository } from "../store/newsletter-repository";
import type { Store } from "../store/store";

/** The store and its repositories on the instance; routes use only the repositories. */
export default fp<{ store: Store }>(
  async (app, { store }) => {
    app.decorate("store", store);
    app.decorate("applications", createApplicationsRepository(store));
    app.decorate("newsletter", createNewsletterRepository(store));
  },
  { name: "store" },
);
