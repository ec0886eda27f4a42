/**
 * The desk–server contract (#domain/desk/contract) fails the type check on
 * the side that breaks it. How: the TypeScript compiler, with the project's
 * own tsconfig, checks one server file that shapes an answer
 * (server/desk/inbox/inbox-item.ts: an inbox row as the desk lists it) and one
 * desk file that reads it (desk/common/components/application-list.tsx), each
 * as it is, and then with a field renamed in memory on one side only (the
 * files on disk are never touched). Unchanged, both check clean; a renamed
 * field is an error that names it, in the file that renamed it; a field
 * renamed in the contract alone is an error on both sides. Only these files'
 * diagnostics are asked for, and each check reuses the previous program's
 * parsed files, so the whole test takes seconds, not a full `tsc`.
 */
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import ts from "typescript";
import { beforeAll, describe, expect, it } from "vitest";

const root = resolve(import.meta.dirname, "../..");
const SERVER = join(root, "server/desk/inbox/inbox-item.ts");
const DESK = join(root, "desk/common/components/application-list.tsx");
const CONTRACT = join(root, "domain/desk/contract.ts");

const parsed = ts.parseJsonConfigFileContent(
  ts.readConfigFile(join(root, "tsconfig.json"), ts.sys.readFile).config,
  ts.sys,
  root,
);
const options: ts.CompilerOptions = { ...parsed.options, noEmit: true, incremental: false };

let previous: ts.Program | undefined;

/**
 * Type-checks the server file and the desk file, with `changes` (file ->
 * [text, replacement]) applied in memory; returns each file's errors as text.
 */
function check(changes: Record<string, [string, string]> = {}): Record<"server" | "desk", string[]> {
  const host = ts.createCompilerHost(options, true);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, languageVersion, onError, shouldCreate) => {
    const change = changes[resolve(fileName)];
    if (!change) return getSourceFile(fileName, languageVersion, onError, shouldCreate);
    const original = readFileSync(fileName, "utf8");
    // The change must apply: a test whose edit misses would prove nothing.
    expect(original, `${fileName} holds ${change[0]}`).toContain(change[0]);
    return ts.createSourceFile(fileName, original.replace(change[0], change[1]), languageVersion, true);
  };
  const program = ts.createProgram([SERVER, DESK], options, host, previous);
  previous = program;
  const errors = (file: string) =>
    program
      .getSemanticDiagnostics(program.getSourceFile(file))
      .concat(program.getSyntacticDiagnostics(program.getSourceFile(file)))
      .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n"));
  return { server: errors(SERVER), desk: errors(DESK) };
}

describe("the desk–server contract", () => {
  beforeAll(() => {
    // The first program parses the files both sides import (React, Fastify's types …); later ones reuse them.
    check();
  }, 60_000);

  it("checks clean as the tree is", () => {
    expect(check()).toEqual({ server: [], desk: [] });
  });

  it("fails the server that renames a field of its answer, naming the field", () => {
    const { server, desk } = check({
      [SERVER]: ["companyName: row.company_name", "company: row.company_name"],
    });
    expect(server.join("\n")).toMatch(/'company' does not exist in type 'InboxItem'/);
    expect(desk).toEqual([]);
  });

  it("fails the server that drops a field of its answer", () => {
    const { server } = check({ [SERVER]: ["    companyName: row.company_name,\n", ""] });
    expect(server.join("\n")).toMatch(/Property 'companyName' is missing/);
  });

  it("fails the desk that reads a field by another name, naming the field", () => {
    const { server, desk } = check({ [DESK]: ["{item.companyName}", "{item.company}"] });
    expect(desk.join("\n")).toMatch(/Property 'company' does not exist on type/);
    expect(server).toEqual([]);
  });

  it("fails both sides when the contract alone renames a field", () => {
    const { server, desk } = check({
      [CONTRACT]: ["  companyName: string;\n  firstName", "  company: string;\n  firstName"],
    });
    expect(server.join("\n")).toMatch(/'companyName' does not exist in type 'InboxItem'/);
    expect(desk.join("\n")).toMatch(/Property 'companyName' does not exist on type/);
  });
});
