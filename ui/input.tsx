import type * as React from "react";
import { cn } from "./cn";

export const fieldControlClasses =
  "w-full min-w-0 rounded-lg border border-input bg-card px-3.5 text-base text-foreground shadow-xs transition-colors placeholder:text-muted-foreground focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive aria-invalid:focus-visible:outline-destructive md:text-sm";

export function Input({ className, type = "text", ...props }: React.ComponentProps<"input">) {
  return (
    <input type={type} data-slot="input" className={cn(fieldControlClasses, "h-11", className)} {...props} />
  );
}
