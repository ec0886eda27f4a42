/** A privacy request's fields as the server checks them (docs/privacy-requests.md). */
import "../lib/zod-config";
import { z } from "zod";
import { emailAddress } from "../lib/email";
import { PRIVACY_DETAILS_MAX, PRIVACY_NAME_MAX, PRIVACY_REQUEST_KINDS } from "./kinds";

export * from "./kinds";

const kindMessage = "Choose what you are asking for";

/** The public form's fields, as the server checks them. */
export const privacyRequestSchema = z
  .object(
    {
      kind: z.enum(PRIVACY_REQUEST_KINDS, { error: kindMessage }),
      email: emailAddress({ lowercase: true, messageWhenMissing: true }),
      name: z
        .string({ error: "Please enter your name" })
        .trim()
        .min(1, "Please enter your name")
        .max(PRIVACY_NAME_MAX, `Please keep your name under ${PRIVACY_NAME_MAX} characters`),
      details: z
        .string()
        .trim()
        .max(PRIVACY_DETAILS_MAX, `Please keep the details under ${PRIVACY_DETAILS_MAX} characters`)
        .optional()
        .default(""),
    },
    // Anything but the form's fields (a JSON list, a string …).
    { error: "Please fill in the form" },
  )
  .superRefine((value, context) => {
    if (value.kind === "correct" && value.details === "") {
      context.addIssue({
        code: "custom",
        path: ["details"],
        message: "Please tell us what to correct",
      });
    }
  });

export type PrivacyRequestInput = z.infer<typeof privacyRequestSchema>;
