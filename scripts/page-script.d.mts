export const PAGE_MANIFEST: string;
export function pageScriptPath(manifestText: string): string;
export function addPageScript(html: string, src: string): string;
export function addPageScriptToFiles(
  clientDir: string,
  htmlFiles: string[],
): Promise<{ src: string; added: number }>;
export const LOAD_BY_MS: number;
export function pageScriptLoader(src: string): string;
