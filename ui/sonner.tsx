import type { CSSProperties } from "react";
import { Toaster as Sonner, type ToasterProps } from "sonner";

/**
 * sonner's rich colours with darker text: its own green and red on their pale
 * backgrounds measure about 4.3:1, under WCAG AA's 4.5:1 for normal text.
 */
const READABLE_RICH_COLORS = {
  "--success-text": "hsl(140, 100%, 20%)",
  "--error-text": "hsl(360, 100%, 35%)",
} as CSSProperties;

/** Toasts: sonner's defaults give the toast region its "Notifications" label and the Alt+T hotkey the site promises. */
export function Toaster(props: ToasterProps) {
  return (
    <Sonner
      position="top-center"
      richColors
      closeButton
      toastOptions={{ classNames: { toast: "font-sans" } }}
      style={READABLE_RICH_COLORS}
      {...props}
    />
  );
}
