/** `npm run applications -- …` run in this process, as the CLI tests drive it. */
import { runApplicationsCli } from "../../server/cli/applications";

/** Runs the CLI with these arguments and environment: its exit code and what it printed. */
export async function runCli(env: Record<string, string | undefined>, ...argv: string[]) {
  let stdout = "";
  let stderr = "";
  const code = await runApplicationsCli(argv, {
    stdout: (text) => (stdout += `${text}\n`),
    stderr: (text) => (stderr += `${text}\n`),
    env,
  });
  return { code, stdout, stderr };
}
