export const PAGE_MANIFEST: string;
export function pageScriptPath(manifestText: string): string;
export function addPageScript(html: string, src: string): string;
export function addPageScriptToFiles(
  clientDir: string,
  htmlFiles: string[],
): Promise<{ src: string; added: number }>;
