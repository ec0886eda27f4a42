/**
 * docs/inbound-webhooks.md's examples are what the server takes: the signed
 * request's signature is the `standardwebhooks` library's (and the page's
 * steps by hand give the same), and the signed request and the token curl,
 * sent as written at the time they were made, are applied on both engines.
 * A change to the signing, the body's shape or the page fails here.
 */
import { createHmac } from "node:crypto";
import { readFileSync } from "node:fs";
import { Webhook } from "standardwebhooks";
import { afterEach, describe, expect, it, vi } from "vitest";
import { submit } from "../../test/support/desk-applications";
import { workOf } from "../../test/support/inbound";
import { ENGINES, useTestApp } from "../../test/support/server";

const page = readFileSync("docs/inbound-webhooks.md", "utf8");

function docExample() {
  const secret = /example secret `(whsec_[^`]+)`/.exec(page)?.[1];
  const request = /```http\n([\s\S]*?)\n```/.exec(page)?.[1];
  const curl = /```sh\ncurl ([\s\S]*?)\n```/.exec(page)?.[1];
  if (!secret || !request || !curl) throw new Error("docs/inbound-webhooks.md: an example is missing");
  const [head, body] = request.split("\n\n");
  const [requestLine, ...headerLines] = head.split("\n");
  const headers = Object.fromEntries(
    headerLines.map((line) => [
      line.slice(0, line.indexOf(":")).toLowerCase(),
      line.slice(line.indexOf(":") + 1).trim(),
    ]),
  );
  return {
    secret,
    url: requestLine.split(" ")[1],
    headers,
    body,
    curl: {
      url: new URL(/-X POST (\S+)/.exec(curl)![1]).pathname,
      token: /Authorization: Bearer ([^"]+)"/.exec(curl)![1],
      body: /-d '([^']+)'/.exec(curl)![1],
    },
  };
}

describe("the example in docs/inbound-webhooks.md", () => {
  const example = docExample();

  it("is signed the way the standardwebhooks library signs, and the way the page says by hand", () => {
    const {
      "webhook-id": id,
      "webhook-timestamp": timestamp,
      "webhook-signature": signature,
    } = example.headers;
    expect(new Webhook(example.secret).sign(id, new Date(Number(timestamp) * 1000), example.body)).toBe(
      signature,
    );
    const key = Buffer.from(example.secret.slice("whsec_".length), "base64");
    const byHand = createHmac("sha256", key).update(`${id}.${timestamp}.${example.body}`).digest("base64");
    expect(`v1,${byHand}`).toBe(signature);
    // The page's words and the example agree.
    expect(page).toContain(`\`${id}.${timestamp}.{"type":"application.stage",…}\``);
    expect(new Date(Number(timestamp) * 1000).toISOString()).toBe("2026-11-24T15:04:35.000Z");
  });

  describe.each(ENGINES)("sent to the server on %s", (engine) => {
    const token = "an-example-crm-token-0001";
    const ctx = useTestApp(engine, { env: { CRM_WEBHOOK_SECRET: example.secret, CRM_WEBHOOK_TOKEN: token } });
    afterEach(() => vi.useRealTimers());

    /** An application with the reference the example names. */
    async function withReference(reference: string) {
      const id = await submit(ctx.app);
      await ctx.db.store.query("UPDATE applications SET reference = $2 WHERE id = $1", [id, reference]);
      return id;
    }

    it("applies the signed request as written, at the time it was signed", async () => {
      const id = await withReference("HL-7K2M9QXD");
      vi.useFakeTimers({
        toFake: ["Date"],
        now: Number(example.headers["webhook-timestamp"]) * 1000 + 2_000,
      });
      const response = await ctx.app.inject({
        method: "POST",
        url: example.url,
        headers: example.headers,
        payload: example.body,
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ duplicate: false, outcome: "applied", applicationId: id });
      expect(await workOf(ctx.db.store, id)).toMatchObject({
        workStatus: "closed",
        closeReason: "funded",
        fundedAmount: 250_000,
      });
    });

    it("applies the token curl's body, and refuses the signed one a day later", async () => {
      const id = await withReference("HL-4N8P2R6T");
      const eventTime = Date.parse(JSON.parse(example.curl.body).timestamp);
      expect(example.curl.token).toBe("$CRM_WEBHOOK_TOKEN");
      vi.useFakeTimers({ toFake: ["Date"], now: eventTime + 1_000 });
      const response = await ctx.app.inject({
        method: "POST",
        url: example.curl.url,
        headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
        payload: example.curl.body,
      });
      expect(response.json()).toEqual({ duplicate: false, outcome: "applied", applicationId: id });
      expect((await workOf(ctx.db.store, id)).workStatus).toBe("qualified");

      vi.setSystemTime(eventTime + 86_400_000);
      const stale = await ctx.app.inject({
        method: "POST",
        url: example.url,
        headers: example.headers,
        payload: example.body,
      });
      expect(stale.statusCode).toBe(400);
    });
  });
});
