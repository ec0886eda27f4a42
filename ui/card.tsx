import type * as React from "react";
import { cn } from "./cn";

export function Card({ className, ...props }: React.ComponentProps<"div">) {
  return (
    <div
      data-slot="card"
      className={cn(
        "flex flex-col gap-4 rounded-2xl border border-border bg-card p-6 text-card-foreground shadow-card",
        className,
      )}
      {...props}
    />
  );
}
