import { Toaster as Sonner, type ToasterProps } from "sonner";

/** Toasts: sonner's defaults give the toast region its "Notifications" label and the Alt+T hotkey the site promises. */
export function Toaster(props: ToasterProps) {
  return (
    <Sonner
      position="top-center"
      richColors
      closeButton
      toastOptions={{ classNames: { toast: "font-sans" } }}
      {...props}
    />
  );
}
