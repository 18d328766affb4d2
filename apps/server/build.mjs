// Bundles the server (with the contract) into dist/; npm packages stay external.
import { build } from 'esbuild';
import { pathToFileURL } from 'node:url';

/** How the server and its CLI are bundled (the CLI test bundles the CLI the same way, elsewhere). */
export const serverBuildOptions = {
  absWorkingDir: import.meta.dirname,
  entryPoints: { main: 'src/main.ts', cli: 'src/cli.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  packages: 'external',
  alias: { '@vigil/contract': '../../packages/contract/src/index.ts' },
  logLevel: 'warning',
};

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await build(serverBuildOptions);
