import type { Plugin } from 'esbuild';

export const BABEL_OBJECT_SPREAD: string;
export const NATIVE_OBJECT_SPREAD: string;
export const fastObjectSpread: Plugin;
