/**
 * ESLint on a line of code as if it stood in a given file (the file need not
 * exist), for the tests that show the lint rules at work: the folders' import
 * zones, and what server/desk/ may hold.
 */
import { ESLint } from "eslint";

const eslint = new ESLint({ cwd: process.cwd() });

/** The complaints of rule `ruleId` about `code` placed at `file`. */
export async function ruleRefusals(ruleId: string, file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport {};\n`, { filePath: file });
  return result.messages.filter((message) => message.ruleId === ruleId).map((message) => message.message);
}

/** The zone rule's complaints about `code` placed at `file`. */
export const zoneRefusals = (file: string, code: string) =>
  ruleRefusals("import-x/no-restricted-paths", file, code);
