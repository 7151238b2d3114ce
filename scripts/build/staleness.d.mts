export function isStale(times: { builtAt: number | undefined; sourcesAt: number }): boolean;
export function newestMtime(paths: string[]): number;
export function builtMtime(file: string): number | undefined;
export function needsBuild(builtFile: string, sources: string[]): boolean;
export type DependencyInputs = { lockfile: string | null; packages: string; tools: string | null };
export function dependencyInputs(root: string): DependencyInputs;
export function dependenciesChanged(built: DependencyInputs | undefined, now: DependencyInputs): boolean;
export function buildInputsFile(outDir: string): string;
export function writeBuildInputs(outDir: string, inputs: DependencyInputs): void;
export function readBuildInputs(outDir: string): DependencyInputs | undefined;
export function buildIsStale(build: {
  builtFile: string;
  sources: string[];
  outDir: string;
  inputs: DependencyInputs;
}): boolean;
