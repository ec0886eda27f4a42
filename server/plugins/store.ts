import fp from "fastify-plugin";
import type { ApplicationJournal } from "../store/application-journal";
import { createApplicationsRepository, type JournaledApplication } from "../store/applications-repository";
import { createNewsletterRepository } from "../newsletter/newsletter-repository";
import type { Store } from "../store/store";

export interface StorePluginOptions {
  store: Store;
  journal?: ApplicationJournal<JournaledApplication>;
  onApplicationStored?: (id: string) => void;
}

/** The store and its repositories on the instance; routes use only the repositories. */
export default fp<StorePluginOptions>(
  async (app, { store, journal, onApplicationStored }) => {
    app.decorate("store", store);
    app.decorate(
      "applications",
      createApplicationsRepository(store, { journal, onStored: onApplicationStored, mail: app.config }),
    );
    app.decorate("newsletter", createNewsletterRepository(store, { mail: app.config }));
  },
  { name: "store" },
);
