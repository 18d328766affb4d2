import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build, type Plugin, type ResolvedConfig } from 'vite';

export interface PrecacheEntry {
  url: string;
  /** null for a file whose name already carries its content hash (assets/*) */
  revision: string | null;
}

export interface ServiceWorkerOptions {
  /** the worker's TypeScript entry */
  entry: string;
  /** written at the root of the build, so its scope is the whole app */
  fileName: string;
  /** modules of packages whose chunks are left out of the precache: they only work online (video, map tiles) */
  onlineOnly: RegExp;
  /** passed on to the worker's build (the contract's tree-shaking rules) */
  treeshake: NonNullable<NonNullable<ResolvedConfig['build']['rolldownOptions']>['treeshake']>;
}

const revisionOf = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex').slice(0, 16);

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

/**
 * Builds the service worker after the app: its precache list is taken from the app's own bundle (every script, style
 * sheet and asset, and index.html, as the bundler wrote them) plus the public folder, and compiled into the worker,
 * whose code is bundled with workbox-precaching by a second Vite build (one IIFE, no modules: every browser with
 * Web Push runs it). workbox-build's injectManifest would do the same by globbing dist/ after the fact, at the price of
 * Babel and Rollup 4 as dependencies; the bundle already knows its files.
 */
export function serviceWorker(options: ServiceWorkerOptions): Plugin {
  let config: ResolvedConfig;
  let entries: PrecacheEntry[] = [];
  return {
    name: 'vigil-service-worker',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    // writeBundle: the bundle is final here (index.html and the style sheets are emitted late in generateBundle).
    writeBundle(_output, bundle) {
      entries = [];
      for (const file of Object.values(bundle)) {
        if (file.fileName.endsWith('.map')) continue;
        if (file.type === 'chunk' && file.moduleIds.some((id) => options.onlineOnly.test(id))) continue;
        const hashed = file.fileName.startsWith(`${config.build.assetsDir}/`);
        const content = file.type === 'chunk' ? file.code : file.source;
        entries.push({ url: `/${file.fileName}`, revision: hashed ? null : revisionOf(content) });
      }
    },
    async closeBundle() {
      if (entries.length === 0) return;
      const outDir = resolve(config.root, config.build.outDir);
      const publicFiles = config.publicDir ? filesUnder(config.publicDir) : [];
      for (const file of publicFiles) {
        entries.push({ url: `/${relative(config.publicDir, file).split(sep).join('/')}`, revision: revisionOf(readFileSync(file)) });
      }
      entries.sort((a, b) => a.url.localeCompare(b.url));
      await build({
        configFile: false,
        root: config.root,
        logLevel: 'warn',
        publicDir: false,
        define: {
          __VIGIL_PRECACHE__: JSON.stringify(entries),
          // workbox's development logging is left out by its process.env.NODE_ENV checks
          'process.env.NODE_ENV': JSON.stringify('production'),
        },
        build: {
          outDir,
          emptyOutDir: false,
          copyPublicDir: false,
          minify: true,
          reportCompressedSize: false,
          lib: { entry: join(config.root, options.entry), formats: ['iife'], name: 'vigilServiceWorker', fileName: () => options.fileName },
          rolldownOptions: { treeshake: options.treeshake },
        },
      });
      // Sent precompressed like the app's scripts (the build's precompress step ran before the worker existed).
      const worker = join(outDir, options.fileName);
      const code = readFileSync(worker);
      writeFileSync(`${worker}.br`, brotliCompressSync(code, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      writeFileSync(`${worker}.gz`, gzipSync(code, { level: 9 }));
      const bytes = entries.reduce((sum, entry) => sum + readFileSync(join(outDir, entry.url)).length, 0);
      config.logger.info(`service worker: ${options.fileName}, ${entries.length} files precached (${(bytes / 1024).toFixed(0)} KB)`);
    },
  };
}
