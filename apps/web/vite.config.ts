import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv } from 'vite';

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

export default defineConfig(({ mode }) => {
  const env = { ...loadEnv(mode, root, 'VITE_'), ...process.env };
  return {
    root,
    plugins: [react()],
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
      rolldownOptions: {
        treeshake: {
          // The contract builds zod schemas at module level. The web app uses its rules and types, not its
          // schemas: declaring the contract free of side effects and zod's builders pure lets unused
          // schemas (and with them zod) drop out of the landing page's bundle.
          moduleSideEffects: [{ test: /packages[\\/]contract[\\/]src[\\/]/, sideEffects: false }],
          manualPureFunctions: ['z'],
        },
      },
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
