export const ROOT: string;
export function bundleServer(outDir: string, entries?: Record<string, string>): Promise<string>;
