export const MARK: string;
export type Replacement = { before: string; after: string; count?: number };
export type Patch = { name: string; version: string; files: string[]; replacements: Replacement[] };
export const patches: Patch[];
export function patchText(text: string, replacements: Replacement[], where?: string): string;
export function applyPatches(nodeModules?: string): string[];
