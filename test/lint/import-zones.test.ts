/**
 * The folders' one-way imports (docs/decisions/0002-layers.md), as ESLint
 * enforces them: an import the wrong way fails `npm test`'s lint step with
 * the layers message, and the ways that are allowed pass.
 */
import { describe, expect, it } from "vitest";
import { zoneRefusals as refusals } from "../support/lint";

describe("imports between the top-level folders", () => {
  it.each([
    ["the desk importing the website", "desk/inbox/probe.ts", 'import { cn } from "~/lib/analytics";'],
    [
      "the desk importing the server",
      "desk/inbox/probe.ts",
      'import { loadConfig } from "../../server/config";',
    ],
    [
      "the server importing the website",
      "server/probe.ts",
      'import { absoluteUrl } from "~/lib/public-env";',
    ],
    ["the server importing UI primitives", "server/probe.ts", 'import { Button } from "#ui/button";'],
    [
      "the website importing the server",
      "app/lib/probe.ts",
      'import { loadConfig } from "../../server/config";',
    ],
    ["the website importing the desk", "app/lib/probe.ts", 'import "../../desk/main";'],
    [
      "shared domain code importing the website",
      "domain/probe.ts",
      'import { publicEnv } from "../app/lib/public-env";',
    ],
    [
      "shared domain code importing the server",
      "domain/probe.ts",
      'import { loadConfig } from "../server/config";',
    ],
    ["shared domain code importing UI", "domain/probe.ts", 'import { cn } from "#ui/cn";'],
    ["UI primitives importing the website", "ui/probe.ts", 'import { publicEnv } from "~/lib/public-env";'],
    ["UI primitives importing the desk", "ui/probe.ts", 'import "../desk/main";'],
    [
      "one desk feature importing another",
      "desk/quarantine/probe.ts",
      'import { InboxPage } from "../inbox/inbox-page";',
    ],
    [
      "the desk's common pieces importing a feature",
      "desk/common/components/probe.tsx",
      'import { AuditPage } from "../../audit/audit-page";',
    ],
    [
      "the islands' core importing a feature",
      "app/islands/probe.tsx",
      'import { NewsletterForm } from "~/features/newsletter/newsletter-form";',
    ],
    ["a feature importing the page script", "app/features/faq/probe.ts", 'import "~/page/main";'],
    [
      "the page script importing a feature",
      "app/page/probe.ts",
      'import { NewsletterForm } from "~/features/newsletter/newsletter-form";',
    ],
    [
      "the website's lib importing an island",
      "app/lib/probe.ts",
      'import { Island } from "~/islands/island";',
    ],
  ])("refuses %s", async (_name, file, code) => {
    expect(await refusals(file, code)).toEqual([expect.stringContaining("Imports flow one way")]);
  });

  it("refuses a server module reaching an e-mail template past its renderer (mail/compose.tsx)", async () => {
    expect(
      await refusals(
        "server/privacy/probe.ts",
        'import type { ReceiptProps } from "../mail/templates/receipt";',
      ),
    ).toEqual([expect.stringContaining("use mail/compose.tsx")]);
  });

  it.each([
    [
      "the desk using the shared domain and UI",
      "desk/inbox/probe.ts",
      'import { Button } from "#ui/button";\nimport { fundingTypeOptions } from "#domain/application/schema";',
    ],
    [
      "the server using the shared domain",
      "server/probe.ts",
      'import { siteFacts } from "#domain/site-facts";',
    ],
    [
      "the website using the shared domain and UI",
      "app/lib/probe.ts",
      'import { cn } from "#ui/cn";\nimport { siteFacts } from "#domain/site-facts";',
    ],
    [
      "a feature rendering an island",
      "app/features/faq/probe.tsx",
      'import { Island } from "~/islands/island";',
    ],
    [
      "an island's entry hydrating its feature",
      "app/islands/probe.client.tsx",
      'import { NewsletterForm } from "~/features/newsletter/newsletter-form";',
    ],
    [
      "the page script starting the islands",
      "app/page/probe.ts",
      'import { startIslands } from "~/islands/loader";',
    ],
    [
      "a server module composing an e-mail",
      "server/privacy/probe.ts",
      'import { composeReceipt } from "../mail/compose";',
    ],
  ])("allows %s", async (_name, file, code) => {
    expect(await refusals(file, code)).toEqual([]);
  });
});
