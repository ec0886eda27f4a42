import { Label as LabelPrimitive } from "radix-ui";
import type * as React from "react";
import { cn } from "./cn";

export function Label({ className, ...props }: React.ComponentProps<typeof LabelPrimitive.Root>) {
  return (
    <LabelPrimitive.Root
      data-slot="label"
      className={cn("text-sm leading-none font-medium text-foreground select-none", className)}
      {...props}
    />
  );
}
