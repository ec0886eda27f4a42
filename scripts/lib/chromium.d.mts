export const chromiumPath: string;
export const headlessShellPath: string;
export const testChromiumPath: string;
export const chromiumArgs: string[];
export function launchUndriven(
  url: string,
  options?: { width?: number; height?: number; args?: string[]; timeoutMs?: number },
): Promise<{ endpoint: string; untilLoaded(): Promise<void>; close(): Promise<void> }>;
