import type { Plugin } from 'vite';

export const MIN_COMPRESS_BYTES: number;
export function compressAssets(dir: string): Promise<string[]>;
export function precompressAssets(): Plugin;
