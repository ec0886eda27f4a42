export const BUILDS: string;
export const CURRENT: string;
export const LINKED: string[];
export function createBuildDir(root: string, pids: number[]): string;
export function markInUse(buildDir: string, pid: number): void;
export function releaseInUse(buildDir: string, pid: number): void;
export function managedBuildOf(path: string): string | undefined;
export function swapIn(root: string, buildDir: string): void;
export function removeUnused(root: string): string[];
