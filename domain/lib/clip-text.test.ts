import { describe, expect, it } from "vitest";
import { clipText } from "./clip-text";

describe("clipText", () => {
  it("keeps short text and cuts long text at the limit", () => {
    expect(clipText("abc", 5)).toBe("abc");
    expect(clipText("abcdef", 4)).toBe("abcd");
  });

  it("never leaves half of a surrogate pair", () => {
    expect(clipText("ab😀", 3)).toBe("ab");
    expect(clipText("ab😀", 4)).toBe("ab😀");
    expect(clipText("😀😀", 3)).toBe("😀");
  });
});
