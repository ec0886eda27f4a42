/**
 * The validation library's global settings, set when this module is first
 * imported. Every module that defines a schema imports it first, so the
 * settings hold in the browser, the desk and the server alike.
 */
import { z } from "zod";

z.config({
  // No generated code, wherever the schemas run: the site's and the desk's CSP
  // allow no eval (zod's probe for it would be reported as a violation), and
  // the server parses one small form body per request, where zod's compiled
  // fast path gains nothing measurable. One setting, so no runtime test.
  jitless: true,
  // Messages for rules that carry none of their own.
  customError: (issue) => {
    // A missing value is "Required", for enums too (zod reports those as "invalid_value").
    if ((issue.code === "invalid_type" || issue.code === "invalid_value") && issue.input === undefined) {
      return "Required";
    }
    if (issue.code === "too_small" && issue.origin === "string") {
      return `String must contain at least ${String(issue.minimum)} character(s)`;
    }
    if (issue.code === "too_big" && issue.origin === "string") {
      return `String must contain at most ${String(issue.maximum)} character(s)`;
    }
    return "Invalid input";
  },
});
