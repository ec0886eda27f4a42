import { Toaster as Sonner, type ToasterProps } from "sonner";

/** Toasts: sonner's defaults give the spec's "Notifications" label and Alt+T hotkey. */
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
