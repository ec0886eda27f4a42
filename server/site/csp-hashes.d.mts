export function inlineScriptHashes(html: string): string[];
export function htmlUrlPath(relativeFile: string): string;
export function listFiles(dir: string): string[];
export function collectCspHashes(clientDir: string): Record<string, string[]>;
