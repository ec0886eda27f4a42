import { deskPath, safeNext, signInPath } from "./session";

test("after sign-in, only a path inside the desk is followed", () => {
  expect(safeNext("/inbox?state=dead")).toBe("/inbox?state=dead");
  expect(safeNext("/applications/abc")).toBe("/applications/abc");
  // The browser's own address of a desk page reads the same.
  expect(safeNext("/desk/applications/abc")).toBe("/applications/abc");
  for (const elsewhere of [
    "https://evil.example/",
    "//evil.example/x",
    "/\\evil.example",
    "/desk//evil.example",
    "javascript:alert(1)",
    "",
    null,
    "/sign-in?next=/inbox",
    "/desk/invite/token",
    "/desk",
    "/",
  ]) {
    expect(safeNext(elsewhere), String(elsewhere)).toBe("/inbox");
  }
});

test("the sign-in page remembers the view to come back to", () => {
  expect(signInPath("/inbox?q=acme")).toBe("/sign-in?next=%2Finbox%3Fq%3Dacme");
  expect(signInPath("/inbox")).toBe("/sign-in");
  expect(deskPath("http://desk.test/desk/applications/x?tab=1")).toBe("/applications/x?tab=1");
});
