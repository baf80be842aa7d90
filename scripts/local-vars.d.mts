// Types of scripts/local-vars.mjs for the TypeScript that imports it (vite.dev.config.ts).
export function ensureDevVars(root: string): string;
export function parseDevVars(text: string): Record<string, string>;
export function localVarArgs(root: string): string[];
