/**
 * WebKitGTK (Safari's engine): Debian's webkit2gtk-driver, its WebKitWebDriver
 * driving the MiniBrowser (MINIBROWSER_PATH overrides), driven by
 * selenium-webdriver. The MiniBrowser draws into an X display of its own, an
 * Xvfb started here. Its scrollbars are GTK's overlay scrollbars (they take no
 * space), and its window is never narrower than the MiniBrowser's toolbar
 * (447 px with WebKitGTK 2.50): `setViewport` returns the size it got.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import { Builder, By, Key, type WebDriver, type WebElement } from "selenium-webdriver";
import { findMiniBrowser, webkitDriverPath, xvfbPath } from "../../scripts/lib/engines.mjs";
import { E2E } from "./env";
import { firstVisible, until, type EngineSession } from "./engine";

/** A free loopback port, for the driver's HTTP server. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Starts Xvfb on the first free display; resolves with the display's name once it accepts clients. */
function startXvfb(): Promise<{ display: string; process: ChildProcess }> {
  // -displayfd: Xvfb picks a free display and writes its number to that descriptor once ready.
  const child = spawn(xvfbPath, ["-displayfd", "3", "-screen", "0", "1920x1200x24", "-nolisten", "tcp"], {
    stdio: ["ignore", "ignore", "pipe", "pipe"],
  });
  return new Promise((resolve, reject) => {
    let written = "";
    let errors = "";
    child.stderr!.on("data", (chunk) => (errors += chunk));
    child.once("exit", (code) => reject(new Error(`Xvfb exited (${code}): ${errors.trim()}`)));
    child.stdio[3]!.on("data", (chunk) => {
      written += chunk;
      if (written.includes("\n")) resolve({ display: `:${written.trim()}`, process: child });
    });
  });
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.kill("SIGTERM");
  return exited;
}

export async function launchWebKit(): Promise<EngineSession> {
  const miniBrowser = findMiniBrowser();
  if (!miniBrowser) throw new Error("WebKitGTK's MiniBrowser is missing: apt-get install webkit2gtk-driver");
  const xvfb = await startXvfb();
  const port = await freePort();
  const driverProcess = spawn(webkitDriverPath, [`--port=${port}`, "--host=127.0.0.1"], {
    stdio: ["ignore", "ignore", "pipe"],
    env: { ...process.env, DISPLAY: xvfb.display },
  });
  let driverErrors = "";
  driverProcess.stderr!.on("data", (chunk) => (driverErrors += chunk));
  let driver: WebDriver;
  try {
    await until(`WebKitWebDriver on port ${port} ${driverErrors}`, () =>
      fetch(`http://127.0.0.1:${port}/status`).then(
        (response) => response.ok,
        () => false,
      ),
    );
    driver = await new Builder()
      .usingServer(`http://127.0.0.1:${port}`)
      .withCapabilities({
        browserName: "MiniBrowser",
        "webkitgtk:browserOptions": { binary: miniBrowser, args: ["--automation"] },
      })
      .build();
  } catch (error) {
    await stop(driverProcess);
    await stop(xvfb.process);
    throw error;
  }
  /** The window's height beyond the page's (the MiniBrowser's toolbar). */
  let chrome: number | null = null;
  const viewport = () =>
    driver.executeScript<{ width: number; height: number }>(
      "return { width: window.innerWidth, height: window.innerHeight }",
    );

  return {
    name: "webkit",
    async setViewport(width, height) {
      await driver
        .manage()
        .window()
        .setRect({ width, height: height + (chrome ?? 0) });
      if (chrome === null) {
        chrome = (await driver.executeScript<number>("return window.outerHeight - window.innerHeight")) || 0;
        await driver
          .manage()
          .window()
          .setRect({ width, height: height + chrome });
      }
      return viewport();
    },
    async goto(path) {
      await driver.get(new URL(path, E2E.baseUrl).href);
      await until(`${path}: the page's script ran`, () =>
        driver.executeScript<boolean>("return document.documentElement.hasAttribute('data-page-ready')"),
      );
    },
    async evaluate(fn, ...args) {
      // Awaited in the page: executeAsyncScript's last argument is its callback.
      const result = await driver.executeAsyncScript<{ ok?: unknown; error?: string }>(
        `const done = arguments[arguments.length - 1];
         const args = Array.prototype.slice.call(arguments, 0, -1);
         Promise.resolve()
           .then(() => (${fn.toString()}).apply(null, args))
           .then((ok) => done({ ok }), (error) => done({ error: String(error && error.stack || error) }));`,
        ...args,
      );
      if (result.error) throw new Error(`WebKit: ${result.error}`);
      return result.ok as never;
    },
    async click(selector) {
      const element = await driver.executeScript<WebElement | null>(
        `return (${firstVisible.toString()})(arguments[0])`,
        selector,
      );
      if (!element) throw new Error(`WebKit: nothing visible matches ${selector}`);
      // WebKitWebDriver's element click refuses some buttons it has itself scrolled into view
      // (ElementNotInteractable): the pointer clicks at the element's centre, brought to mid-screen.
      await driver.executeScript(
        "arguments[0].scrollIntoView({ block: 'center', behavior: 'instant' })",
        element,
      );
      await driver.actions().move({ origin: element }).click().perform();
    },
    async chooseFile(selector, path) {
      // Element Send Keys with a path is WebDriver's file upload; a visually hidden input still takes it.
      await driver.findElement(By.css(selector)).sendKeys(path);
    },
    async press(key, { shift = false } = {}) {
      const code = { Tab: Key.TAB, Escape: Key.ESCAPE, Enter: Key.ENTER }[key];
      const actions = driver.actions();
      if (shift) await actions.keyDown(Key.SHIFT).sendKeys(code).keyUp(Key.SHIFT).perform();
      else await actions.sendKeys(code).perform();
    },
    async screenshot() {
      return Buffer.from(await driver.takeScreenshot(), "base64");
    },
    async close() {
      await driver.quit().catch(() => undefined);
      await stop(driverProcess);
      await stop(xvfb.process);
    },
  };
}
