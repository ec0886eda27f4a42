/**
 * The standalone runner: config, store (+ intake journal replay on PGlite),
 * migrations, app, delivery worker, listen; and a graceful shutdown on
 * SIGTERM/SIGINT: stop taking requests, let in-flight deliveries finish
 * (bounded), give back unstarted claims, close the journal and the store.
 */
import closeWithGrace from "close-with-grace";
import pino from "pino";
import { buildApp, loggerOptions } from "./app";
import { ConfigError, loadConfig } from "./config";
import { createOutboxRepository } from "./delivery/outbox-repository";
import { createDeliveryWorker, type DeliveryWorker } from "./delivery/worker";
import { DataDirBusyError, openRuntime } from "./runtime";

async function main() {
  let config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const log = pino(loggerOptions(config));

  let runtime;
  try {
    runtime = await openRuntime(config, log);
  } catch (error) {
    if (error instanceof DataDirBusyError) {
      log.fatal(error.message);
      process.exit(1);
    }
    throw error;
  }
  const { store, journal } = runtime;
  if (runtime.migrations.length > 0) log.info({ migrations: runtime.migrations }, "migrations applied");

  let worker: DeliveryWorker | undefined;
  if (config.leadWebhookUrl) {
    worker = createDeliveryWorker({ store, config: config.delivery, webhookUrl: config.leadWebhookUrl, log });
  } else {
    const waiting = await createOutboxRepository(store).countWaiting();
    log.warn({ waiting }, "LEAD_WEBHOOK_URL is not set: applications are stored and wait until it is");
  }

  const app = await buildApp({
    config,
    store,
    loggerInstance: log,
    journal,
    onApplicationStored: () => worker?.wake(),
  });

  closeWithGrace({ delay: config.delivery.timeoutMs + 10_000 }, async ({ signal, err }) => {
    if (err) log.error({ err }, "shutting down after an error");
    else log.info({ signal }, "shutting down");
    await app.close();
    await worker?.stop();
    await runtime.close();
    log.info("stopped");
  });

  await app.listen({ port: config.port, host: config.host });
  worker?.start();
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  const shownHost = config.host === "0.0.0.0" || config.host === "::" ? "localhost" : config.host;
  log.info(
    {
      url: `http://${shownHost}:${port}`,
      port,
      store: store.engine,
      intakeJournal: Boolean(journal),
      clientDir: config.clientDir,
    },
    `Harborline server ready on http://${shownHost}:${port}`,
  );
}

await main();
