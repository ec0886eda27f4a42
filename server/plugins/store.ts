import fp from "fastify-plugin";
import { createNewsletterRepository } from "../newsletter/newsletter-repository";
import type { Store } from "../store/store";

export interface StorePluginOptions {
  store: Store;
}

/** The store and the repositories more than one part of the server uses, on the instance. */
export default fp<StorePluginOptions>(
  async (app, { store }) => {
    app.decorate("store", store);
    app.decorate("newsletter", createNewsletterRepository(store, { mail: app.config }));
  },
  { name: "store" },
);
