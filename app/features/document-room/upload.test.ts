import type { DetailedError } from "tus-js-client";
import { describe, expect, it } from "vitest";
import { OFFLINE, SOMETHING_WRONG } from "./room-api";
import { failureMessage } from "./upload";

/** An error as tus-js-client gives one, with the server's answer when there was one. */
function tusError(status?: number, body = ""): Error {
  const error = new Error("tus: failed") as DetailedError;
  if (status !== undefined) {
    error.originalResponse = {
      getStatus: () => status,
      getBody: () => body,
    } as unknown as DetailedError["originalResponse"];
  }
  return error;
}

describe("an upload's failure, in the applicant's words", () => {
  it("is the server's own sentence for a refusal", () => {
    const heic =
      "This is a HEIC photo, an iPhone's own format, which we cannot open. Please send it as a JPEG or a PDF.";
    expect(failureMessage(tusError(415, heic))).toBe(heic);
    expect(
      failureMessage(
        tusError(413, "Your files together can take up to 250 MB, and this one would go past it."),
      ),
    ).toBe("Your files together can take up to 250 MB, and this one would go past it.");
    expect(
      failureMessage(
        tusError(401, JSON.stringify({ error: "Your session in the document room has ended." })),
      ),
    ).toBe("Your session in the document room has ended.");
  });

  it("is ours where the answer is no sentence, a server error, or none at all", () => {
    expect(failureMessage(tusError(413, "Maximum size exceeded\n"))).toBe("This file is too large to send.");
    expect(failureMessage(tusError(500, "Internal Server Error"))).toBe(SOMETHING_WRONG);
    expect(failureMessage(tusError(400, "<html>proxy</html>"))).toBe(SOMETHING_WRONG);
    expect(failureMessage(tusError())).toBe(OFFLINE);
  });
});
