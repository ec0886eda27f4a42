/**
 * ESLint on a line of code as if it stood in a given file (the file need not
 * exist), for the tests that show the folders' import zones at work.
 */
import { ESLint } from "eslint";

const eslint = new ESLint({ cwd: process.cwd() });

/** The zone rule's complaints about `code` placed at `file`. */
export async function zoneRefusals(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport {};\n`, { filePath: file });
  return result.messages
    .filter((message) => message.ruleId === "import-x/no-restricted-paths")
    .map((message) => message.message);
}
