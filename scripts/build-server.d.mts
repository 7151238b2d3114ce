export const root: string;
export function serverDistDir(): string;
export const serverSources: string[];
export function serverEntry(outDir: string): string;
export function buildServer(
  outDir?: string,
  inputs?: import('./build/staleness.mjs').DependencyInputs,
): Promise<string>;
