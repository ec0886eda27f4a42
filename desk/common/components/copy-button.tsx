import { CheckIcon, CopyIcon } from "lucide-react";
import { useEffect, useState } from "react";
import { Button, type ButtonProps } from "#ui/button";

/**
 * Copies text to the clipboard and says so ("Copied" for two seconds, read
 * out by screen readers). Where the browser refuses, it says that instead so
 * the user knows to select the text by hand.
 */
export function CopyButton({
  text,
  label = "Copy",
  ...props
}: { text: string; label?: string } & Omit<ButtonProps, "onClick" | "children">) {
  const [result, setResult] = useState<"copied" | "failed" | null>(null);

  useEffect(() => {
    if (!result) return;
    const timer = setTimeout(() => setResult(null), 2500);
    return () => clearTimeout(timer);
  }, [result]);

  return (
    <span className="inline-flex items-center gap-2">
      <Button
        type="button"
        variant="outline"
        size="sm"
        {...props}
        onClick={async () => {
          try {
            await navigator.clipboard.writeText(text);
            setResult("copied");
          } catch {
            setResult("failed");
          }
        }}
      >
        {result === "copied" ? <CheckIcon aria-hidden="true" /> : <CopyIcon aria-hidden="true" />}
        {label}
      </Button>
      <span role="status" className="text-xs font-medium text-muted-foreground">
        {result === "copied" ? "Copied" : result === "failed" ? "Copy failed: select the text instead" : ""}
      </span>
    </span>
  );
}
