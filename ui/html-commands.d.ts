// Invoker commands (HTML's `command` and `commandfor`), which React passes
// through as plain attributes but its types do not list yet.
import "react";

declare module "react" {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- must repeat React's type parameter to merge
  interface ButtonHTMLAttributes<T> {
    command?: "show-modal" | "close" | "request-close" | "toggle-popover" | "show-popover" | "hide-popover";
    commandfor?: string;
  }
}
