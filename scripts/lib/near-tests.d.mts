export function isTestFile(path: string): boolean;
export function importedModules(file: string, source: string): Set<string>;
export function nearTests(changed: string[], tests: string[], read: (path: string) => string): string[];
