import type * as React from "react";
import { cn } from "./cn";
import { Label } from "./label";

/** One form control with its label, hint and error, stacked. */
export function Field({ className, invalid, ...props }: React.ComponentProps<"div"> & { invalid?: boolean }) {
  return (
    <div
      data-slot="field"
      data-invalid={invalid || undefined}
      className={cn("flex flex-col gap-2", className)}
      {...props}
    />
  );
}

export function FieldLabel({
  className,
  required,
  children,
  ...props
}: React.ComponentProps<typeof Label> & { required?: boolean }) {
  return (
    <Label data-slot="field-label" className={cn("leading-snug", className)} {...props}>
      {children}
      {required && (
        <span className="ml-0.5 text-destructive" aria-hidden="true">
          *
        </span>
      )}
    </Label>
  );
}

export function FieldDescription({ className, ...props }: React.ComponentProps<"p">) {
  return (
    <p
      data-slot="field-description"
      className={cn("text-sm leading-snug text-muted-foreground", className)}
      {...props}
    />
  );
}

/**
 * Always rendered, so the alert region exists before a message arrives (screen
 * readers announce the insertion) and its reserved height keeps the layout still.
 */
export function FieldError({ className, children, ...props }: React.ComponentProps<"p">) {
  return (
    <p
      data-slot="field-error"
      role="alert"
      className={cn("-mt-1 min-h-5 text-sm leading-5 font-medium text-destructive", className)}
      {...props}
    >
      {children}
    </p>
  );
}
