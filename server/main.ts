/**
 * The standalone runner: config, store (+ intake journal replay on PGlite),
 * migrations, app, delivery and mail workers, the periodic jobs (jobs.ts),
 * listen; and a graceful shutdown on SIGTERM/SIGINT: stop taking requests,
 * let in-flight deliveries and e-mails finish (bounded), give back unstarted
 * claims, stop the jobs, close the journal and the store.
 * The shutdown deadline holds: logging never blocks (log-destination.ts), so
 * the timer that ends a shutdown that overruns can always run.
 */
import closeWithGrace from "close-with-grace";
import pino from "pino";
import { buildApp, loggerOptions } from "./app";
import { ConfigError, loadConfig } from "./config";
import { createOutboxRepository } from "./crm-delivery/outbox-repository";
import { createDeliveryWorker, type DeliveryWorker } from "./crm-delivery/worker";
import { createOptOutWorker } from "./crm-delivery/opt-out-worker";
import { createDocumentWorker } from "./crm-delivery/document-worker";
import { documentsKeys } from "./documents/keyring-setup";
import { createDeliveryAlerts } from "./mail/alerts";
import { startJobs } from "./jobs";
import { createMailOutboxRepository } from "./mail/outbox-repository";
import { createMailWorker, type MailWorker } from "./mail/worker";
import { createLogDestination, keepNonBlocking } from "./log-destination";
import { DataDirBusyError, openRuntime } from "./runtime";

/** How long a stopping process waits for its last log lines to reach a slow reader. */
const LOG_DRAIN_MS = 1_000;

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
  const logs = createLogDestination();
  // Nothing of ours writes to standard error while running; what Node may write there must not block either.
  keepNonBlocking(process.stderr);
  const log = pino(loggerOptions(config), logs);

  let runtime;
  try {
    runtime = await openRuntime(config, log);
  } catch (error) {
    if (error instanceof DataDirBusyError) {
      log.fatal(error.message);
      await logs.drain(LOG_DRAIN_MS);
      process.exit(1);
    }
    throw error;
  }
  const { store, journal } = runtime;
  if (runtime.migrations.length > 0) log.info({ migrations: runtime.migrations }, "migrations applied");

  let worker: DeliveryWorker | undefined;
  if (config.leadWebhookUrl) {
    worker = createDeliveryWorker({
      store,
      config: config.delivery,
      webhookUrl: config.leadWebhookUrl,
      log,
      onAttemptRecorded: createDeliveryAlerts(store, config),
    });
  } else {
    const waiting = await createOutboxRepository(store).countWaiting();
    log.warn({ waiting }, "LEAD_WEBHOOK_URL is not set: applications are stored and wait until it is");
  }

  // Opt-outs to the CRM: their own outbox and worker, the same loop and schedule.
  const optOutWorker = config.optOutWebhookUrl
    ? createOptOutWorker({ store, config: config.delivery, url: config.optOutWebhookUrl, log })
    : undefined;
  if (!optOutWorker) log.warn("CRM_OPT_OUT_URL is not set: opt-outs are stored and wait until it is");

  // Accepted documents to the CRM: announced with a short-lived link, through their own outbox.
  // (The embedded default's key file is made only when documents are used: not for an unset URL.)
  const documentKeys = config.documentWebhookUrl ? documentsKeys(config) : undefined;
  const documentWorker =
    config.documentWebhookUrl && documentKeys && "keyring" in documentKeys
      ? createDocumentWorker({
          store,
          config: config.delivery,
          url: config.documentWebhookUrl,
          siteUrl: config.siteUrl,
          keyring: documentKeys.keyring,
          log,
        })
      : undefined;
  if (!documentWorker) {
    log.warn(
      config.documentWebhookUrl
        ? "documents are off: accepted documents are stored and wait"
        : "CRM_DOCUMENT_URL is not set: accepted documents are stored and wait until it is",
    );
  }

  const mailOutbox = createMailOutboxRepository(store);
  // Only this process uses the embedded store: a killed predecessor's claims are due now.
  if (store.engine === "pglite") await mailOutbox.releaseOrphans();
  let mailWorker: MailWorker | undefined;
  if (config.mail.smtpUrl) {
    mailWorker = createMailWorker({ store, config: config.delivery, smtpUrl: config.mail.smtpUrl, log });
  } else {
    const waiting = (await mailOutbox.countByStatus()).pending;
    log.warn({ waiting }, "SMTP_URL is not set: e-mails are stored and wait until it is");
  }

  const app = await buildApp({
    config,
    store,
    loggerInstance: log,
    journal,
  });
  // Every periodic job (jobs.ts): the alerts, the sweep, the upkeeps, the retention purge, the setup watch.
  const stopJobs = await startJobs(app);

  // Past the deadline close-with-grace exits with 1, from a timer; its own
  // messages go to the (non-blocking) log, not the console.
  const graceLog = {
    error: (message: unknown) => log.error(message instanceof Error ? { err: message } : {}, String(message)),
  };
  closeWithGrace({ delay: config.delivery.timeoutMs + 10_000, logger: graceLog }, async ({ signal, err }) => {
    if (err) log.error({ err }, "shutting down after an error");
    else log.info({ signal }, "shutting down");
    await app.close();
    await Promise.all([
      stopJobs(),
      worker?.stop(),
      optOutWorker?.stop(),
      documentWorker?.stop(),
      mailWorker?.stop(),
    ]);
    await runtime.close();
    log.info("stopped");
    await logs.drain(LOG_DRAIN_MS);
  });

  await app.listen({ port: config.port, host: config.host });
  worker?.start();
  optOutWorker?.start();
  documentWorker?.start();
  mailWorker?.start();
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
