import { clsx, type ClassValue } from "clsx";
import { twMerge } from "tailwind-merge";

/** Merge class names; the caller's classes come last and win. */
export function cn(...inputs: ClassValue[]) {
  return twMerge(clsx(inputs));
}
