import { describe, expect, it } from "vitest";
import { warmUpValidation } from "./application-form";

describe("warmUpValidation", () => {
  it("runs an empty application through the resolver a Next uses, and gets its messages", async () => {
    const answer = (await warmUpValidation()) as { errors: Record<string, { message?: string }> };
    // The same checks a failed Next shows: every required field of step 1 has its message.
    for (const field of [
      "companyName",
      "industry",
      "annualRevenue",
      "yearsInBusiness",
      "businessDescription",
    ])
      expect(answer.errors[field]?.message, field).toEqual(expect.any(String));
  });
});
