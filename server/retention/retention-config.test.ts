/**
 * The retention settings (docs/retention.md): the documented defaults, read
 * as durations, and a value that would purge at once (a bare "30" is 30 ms)
 * or is not a duration stops the server at start-up naming the variable.
 */
import { describe, expect, it } from "vitest";
import { loadConfig } from "../config";

const DAY = 86_400_000;

describe("retention settings", () => {
  it("has the documented defaults", () => {
    expect(loadConfig({}).retention).toEqual({
      applicationsMs: 730 * DAY,
      quarantineMs: 30 * DAY,
      mailBodiesMs: 90 * DAY,
      auditMs: 730 * DAY,
      sessionsMs: 30 * DAY,
      consentEvidenceMs: 1826 * DAY,
      everyMs: 3_600_000,
      batchSize: 500,
    });
  });

  it("reads each period as a duration", () => {
    const retention = loadConfig({
      APPLICATION_RETENTION: "400d",
      QUARANTINE_RETENTION: "7d",
      MAIL_BODY_RETENTION: "48h",
      AUDIT_RETENTION: "1095d",
      SESSION_RETENTION: "1d",
      CONSENT_EVIDENCE_RETENTION: "2555d",
      RETENTION_PURGE_EVERY: "15m",
      RETENTION_BATCH: "100",
    }).retention;
    expect(retention).toEqual({
      applicationsMs: 400 * DAY,
      quarantineMs: 7 * DAY,
      mailBodiesMs: 2 * DAY,
      auditMs: 1095 * DAY,
      sessionsMs: DAY,
      consentEvidenceMs: 2555 * DAY,
      everyMs: 15 * 60_000,
      batchSize: 100,
    });
    expect(loadConfig({ AUDIT_RETENTION: "" }).retention.auditMs).toBe(730 * DAY);
  });

  it("refuses periods shorter than a day, and values that are not durations, naming each", () => {
    expect(() =>
      loadConfig({
        APPLICATION_RETENTION: "30",
        AUDIT_RETENTION: "12h",
        MAIL_BODY_RETENTION: "soon",
        RETENTION_BATCH: "0",
      }),
    ).toThrowError(
      /APPLICATION_RETENTION: must be at least a day, such as "30d"[\s\S]*MAIL_BODY_RETENTION: must be a duration[\s\S]*AUDIT_RETENTION: must be at least a day[\s\S]*RETENTION_BATCH: must be at least 1/,
    );
  });
});
