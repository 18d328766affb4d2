import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv, type Plugin } from 'vite';
import { serviceWorker } from './vite-plugins/service-worker';

const root = fileURLToPath(new URL('.', import.meta.url));
const backend = 'http://localhost:8080';

/** One git fact for the build info; builds outside a git checkout say 'unknown'. */
function git(args: string[]): string {
  try {
    return execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim() || 'unknown';
  } catch {
    return 'unknown';
  }
}

/**
 * Writes a .br and a .gz beside every script and style sheet of the build, at the highest levels, once: the server
 * sends them as they are (@fastify/static preCompressed) instead of compressing every response again. Node's zlib
 * does the compressing; this only decides which files.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'vigil-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    writeBundle(_options, bundle) {
      for (const name of Object.keys(bundle).filter((file) => /\.(js|css|svg)$/.test(file))) {
        const file = join(root, outDir, name);
        const data = readFileSync(file);
        if (data.length < 1024) continue;
        writeFileSync(`${file}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
        writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
      }
    },
  };
}

/**
 * The contract builds zod schemas at module level. The web app uses its rules and types, not its schemas: declaring
 * the contract free of side effects and zod's builders pure lets unused schemas (and with them zod) drop out of the
 * landing page's bundle.
 */
const treeshake = {
  moduleSideEffects: [{ test: /packages[\\/]contract[\\/]src[\\/]/, sideEffects: false }],
  manualPureFunctions: ['z'],
};

export default defineConfig(({ mode }) => {
  const env = { ...loadEnv(mode, root, 'VITE_'), ...process.env };
  return {
    root,
    plugins: [
      react(),
      precompress(),
      // Live video and the onboarding map need the network anyway (streams, tiles): their chunks are not precached.
      serviceWorker({
        entry: 'src/sw/service-worker.ts',
        fileName: 'sw.js',
        onlineOnly: /[\\/]node_modules[\\/](hls\.js|leaflet|world-atlas)[\\/]/,
        treeshake,
      }),
    ],
    define: {
      __VIGIL_GIT_BRANCH__: JSON.stringify(git(['rev-parse', '--abbrev-ref', 'HEAD'])),
      __VIGIL_GIT_COMMIT__: JSON.stringify(git(['rev-parse', 'HEAD'])),
      __VIGIL_BUILD_TIME__: JSON.stringify(new Date().toISOString()),
      // Empty means "same origin as the page" (the server serves the SPA).
      __VIGIL_API_HOST__: JSON.stringify(env.VITE_API_HOST ?? ''),
      __VIGIL_SOCKET_HOST__: JSON.stringify(env.VITE_SOCKET_HOST ?? ''),
    },
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      rolldownOptions: { treeshake },
    },
    server: {
      proxy: {
        '/api': backend,
        '/oidc': backend,
        '/interaction': backend,
        '/media': backend,
        '/socket.io': { target: backend, ws: true },
      },
    },
  };
});
