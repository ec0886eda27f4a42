/**
 * The standalone runner: config, store, migrations, app, listen; and a
 * graceful shutdown (stop taking requests, close the app, close the store).
 */
import closeWithGrace from "close-with-grace";
import { buildApp } from "./app";
import { ConfigError, loadConfig } from "./config";
import { migrate } from "./store/migrate";
import { openStore } from "./store/open";

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

  const store = await openStore(config);
  const applied = await migrate(store);
  const app = await buildApp({ config, store });
  if (applied.length > 0) app.log.info({ migrations: applied }, "migrations applied");

  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, "shutting down after an error");
    else app.log.info({ signal }, "shutting down");
    await app.close();
    await store.close();
  });

  await app.listen({ port: config.port, host: config.host });
  const shownHost = config.host === "0.0.0.0" || config.host === "::" ? "localhost" : config.host;
  app.log.info(
    { url: `http://${shownHost}:${config.port}`, store: store.engine, clientDir: config.clientDir },
    `Harborline server ready on http://${shownHost}:${config.port}`,
  );
}

await main();
