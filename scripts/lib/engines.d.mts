export const firefoxPath: string;
export const webkitDriverPath: string;
export const xvfbPath: string;
export function findMiniBrowser(): string | null;
export function missingEngines(): { what: string; apt: string }[];
