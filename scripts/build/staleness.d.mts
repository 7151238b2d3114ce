export function isStale(times: { builtAt: number | undefined; sourcesAt: number }): boolean;
export function newestMtime(paths: string[]): number;
export function builtMtime(file: string): number | undefined;
export function needsBuild(builtFile: string, sources: string[]): boolean;
