import { describe, expect, it } from "vitest";
import { applicationSteps } from "#domain/application/steps";
import { warmUpValidation } from "./application-form";

describe("warmUpValidation", () => {
  it("runs an empty application through the resolver a Next uses, and gets its messages", async () => {
    const { errors } = await warmUpValidation();
    // The same checks a failed Next shows: every field of step 1 has its message.
    for (const field of applicationSteps[0].fields)
      expect(errors[field]?.message, field).toEqual(expect.any(String));
  });
});
