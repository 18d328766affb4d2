import type { BuildOptions } from 'esbuild';

export const serverBuildOptions: BuildOptions;
