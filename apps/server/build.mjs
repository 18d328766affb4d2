// Bundles the server (with the contract) into dist/; npm packages stay external.
import { build } from 'esbuild';

await build({
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
});
