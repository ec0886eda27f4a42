/**
 * The configuration as an operator meets it: every variable the server reads
 * is documented, read by one setting only, and a wrong value is named with its
 * variable, all wrong ones at once.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ConfigError, SETTING_VARIABLES, loadConfig } from "./config";

describe("configuration", () => {
  it("reads each variable in one setting, and docs/configuration.md documents every one", () => {
    const documented = readFileSync(new URL("../docs/configuration.md", import.meta.url), "utf8");
    expect(SETTING_VARIABLES.length).toBeGreaterThan(60);
    expect(new Set(SETTING_VARIABLES).size).toBe(SETTING_VARIABLES.length);
    expect(SETTING_VARIABLES.filter((variable) => !documented.includes(`\`${variable}\``))).toEqual([]);
  });

  it("names every wrong variable at once, with what it must be", () => {
    const error = (() => {
      try {
        loadConfig({ PORT: "eighty", DELIVERY_MAX_ATTEMPTS: "0", INTAKE_JOURNAL: "maybe", SMTP_URL: "" });
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems).toEqual({
      PORT: "must be a whole number",
      DELIVERY_MAX_ATTEMPTS: "must be at least 1",
      INTAKE_JOURNAL: 'must be "on" or "off"',
    });
  });

  it("fills what is unset with the defaults, an empty variable counting as unset", () => {
    const config = loadConfig({ PORT: "", REVIEW_HOLIDAYS: "", RR_BUILD_DIR: "out" });
    expect(config).toMatchObject({
      port: 3000,
      siteUrl: "http://localhost:3000",
      intakeJournal: true,
      delivery: { timeoutMs: 10_000, leaseMs: 60_000 },
      review: { holidays: [], businessHours: undefined },
      documents: { maxFileBytes: 25e6, clamd: undefined },
    });
    expect(config.clientDir).toMatch(/\/out\/client$/);
  });
});
