export interface Runtime {
  major: number;
  minimum: string;
  pinned: string;
}
export interface Found {
  path: string;
  version: string;
  from: string;
}
export const runtimes: Runtime[];
export const registryPackage: string;
export function cacheRoot(env?: NodeJS.ProcessEnv): string;
export function envName(runtime: Runtime): string;
export function versionOf(binary: string): string | null;
export function fits(runtime: Runtime, version: string | null): boolean;
export function findRuntime(
  runtime: Runtime,
  env?: NodeJS.ProcessEnv,
): Found | { path?: undefined; missing: string; named?: boolean };
export function fetchRuntime(runtime: Runtime, env?: NodeJS.ProcessEnv): Found;
