export const HYDRATION_MODULE_ID: string;
export function hydrationLoader(preloads: string[]): string;
export function deferHydration(html: string): string;
export function deferHydrationInFiles(htmlFiles: string[]): Promise<number>;
