// Bundles the analyzer (with the contract) into dist/; npm packages stay external (the models load from node_modules).
import { build } from 'esbuild';

await build({
  entryPoints: { main: 'src/main.ts', 'model-worker': 'src/model-worker.ts' },
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
