import { buttonVariants } from "#ui/button";
import { siteFacts } from "#domain/site-facts";
import { CopyButton } from "./copy-button";

/** Backup codes, shown once: the list, a text file to download, and a copy button. */
export function BackupCodes({ codes, account }: { codes: string[]; account: string }) {
  const text = `${siteFacts.brand} lead desk backup codes for ${account}\nEach code works once.\n\n${codes.join("\n")}\n`;
  return (
    <>
      <ol
        aria-label="Backup codes"
        className="grid grid-cols-2 gap-2 rounded-xl bg-muted p-4 font-mono text-sm tracking-wider"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <div className="flex flex-wrap items-center gap-2">
        <a
          href={`data:text/plain;charset=utf-8,${encodeURIComponent(text)}`}
          download="harborline-desk-backup-codes.txt"
          className={buttonVariants({ variant: "outline", size: "sm" })}
        >
          Download codes
        </a>
        <CopyButton text={codes.join("\n")} label="Copy codes" />
      </div>
    </>
  );
}
