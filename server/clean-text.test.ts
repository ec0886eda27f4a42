import { describe, expect, it } from "vitest";
import { boundedText, cleanJson, cleanText, hasUnsafeText } from "./clean-text";

describe("cleanText", () => {
  it("drops C0 control characters and DEL, keeps tab, newline and carriage return", () => {
    expect(cleanText("a\u0000b\u0001c\u001fd\u007fe")).toBe("abcde");
    expect(cleanText("line\tone\r\nline two\n")).toBe("line\tone\r\nline two\n");
  });

  it("replaces lone surrogates by U+FFFD and keeps pairs (emoji) whole", () => {
    expect(cleanText("\ud800x\udc00")).toBe("\ufffdx\ufffd");
    expect(cleanText("end\ud83d")).toBe("end\ufffd");
    expect(cleanText("\ude00start")).toBe("\ufffdstart");
    expect(cleanText("Acme 😀 Ltd")).toBe("Acme 😀 Ltd");
    expect(cleanText("Zoë, 東京, naïve")).toBe("Zoë, 東京, naïve");
  });

  it("says whether text needs cleaning", () => {
    expect(hasUnsafeText("plain 😀 text\n")).toBe(false);
    expect(hasUnsafeText("\u0000")).toBe(true);
    expect(hasUnsafeText("\udfff")).toBe(true);
  });
});

describe("boundedText", () => {
  it("cuts at the limit without splitting a surrogate pair", () => {
    expect(boundedText("abc😀", 4)).toBe("abc");
    expect(boundedText("abc😀", 5)).toBe("abc😀");
    expect(boundedText("ab\u0000cdef", 4)).toBe("abc");
  });
});

describe("cleanJson", () => {
  it("cleans strings at any depth, in arrays and object keys, and leaves other values alone", () => {
    const value = JSON.parse(
      '{"a\\u0000b":"x\\u0000","list":[1,"\\ud800",{"deep":["\\u0007ok"]}],"n":null,"t":true,"num":2.5}',
    );
    expect(cleanJson(value)).toEqual({
      ab: "x",
      list: [1, "\ufffd", { deep: ["ok"] }],
      n: null,
      t: true,
      num: 2.5,
    });
  });

  it("keeps a key that cleans to __proto__ a plain key, without touching the prototype", () => {
    const value = cleanJson(JSON.parse('{"__proto__\\u0000":{"polluted":true}}')) as Record<string, unknown>;
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(Object.hasOwn(value, "__proto__")).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("walks nesting as deep as JSON.parse accepts", () => {
    const depth = 100_000;
    const value = JSON.parse(`${"[".repeat(depth)}"\\u0000x"${"]".repeat(depth)}`);
    let inner = cleanJson(value);
    for (let i = 0; i < depth; i++) inner = inner[0];
    expect(inner).toBe("x");
  });

  it("cleans a bare string", () => {
    expect(cleanJson("a\u0000")).toBe("a");
  });
});
