import type * as React from "react";
import { cn } from "./cn";
import { fieldControlClasses } from "./input";

export function Textarea({ className, ...props }: React.ComponentProps<"textarea">) {
  return (
    <textarea
      data-slot="textarea"
      className={cn(fieldControlClasses, "min-h-28 py-2.5", className)}
      {...props}
    />
  );
}
