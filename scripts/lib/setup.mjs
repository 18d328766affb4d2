// Shared by `npm start`, `npm test` and the other scripts: install what is missing, build what is stale.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const root = new URL('../..', import.meta.url).pathname.replace(/\/$/, '');

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', cwd: root, ...options });
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(' ')} failed (exit ${result.status ?? result.signal})`);
  }
}

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;
let aptUpdated = false;

/**
 * Installs Debian packages when what they provide is missing (a path, or a test); needs root. Without root it
 * throws with the command to run, or, when `optional`, says so and returns false.
 */
export function ensureDebianPackage(present, pkg, { optional = false, why = '' } = {}) {
  if (typeof present === 'function' ? present() : existsSync(present)) return true;
  const packages = [pkg].flat();
  if (!isRoot()) {
    const message = `Missing Debian packages${why ? ` (${why})` : ''}: run "sudo apt-get install -y ${packages.join(' ')}".`;
    if (optional) {
      console.warn(message);
      return false;
    }
    throw new Error(message);
  }
  console.log(`Installing ${packages.join(', ')} from Debian…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  if (!aptUpdated) {
    run('apt-get', ['update', '-qq'], { env });
    aptUpdated = true;
  }
  run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...packages], { env });
  return true;
}

/** ffmpeg records; GStreamer's RTSP server (through python3-gi) simulates the demo cameras. */
export const VIDEO_PACKAGES = [
  'ffmpeg',
  'python3-gi',
  'gir1.2-gst-rtsp-server-1.0',
  'gstreamer1.0-plugins-base',
  'gstreamer1.0-plugins-good',
  'gstreamer1.0-plugins-ugly',
  'gstreamer1.0-x',
  'fonts-dejavu-core',
];

export function videoToolsPresent() {
  if (!existsSync('/usr/bin/ffmpeg') || !existsSync('/usr/bin/python3')) return false;
  // The font of the demo cameras' overlays and of the test stream's burnt-in clock (media/test-stream.ts).
  if (!existsSync('/usr/share/fonts/truetype/dejavu/DejaVuSansMono-Bold.ttf')) return false;
  const check = spawnSync('/usr/bin/python3', [join(root, 'apps/server/demo/rtsp-cameras.py'), '--check'], { encoding: 'utf8' });
  return check.status === 0;
}

export function ensureVideoTools({ optional = false } = {}) {
  return ensureDebianPackage(videoToolsPresent, VIDEO_PACKAGES, { optional, why: 'to record cameras and run the demo cameras' });
}

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

/** Written when the native packages were built for the installed files (see ensureNodeModules). */
const NATIVE_STAMP = join(root, 'node_modules/.vigil-native-built');
/** Packages whose install scripts must run; esbuild and sharp only check their prebuilt npm binaries (seconds). */
const QUICK_SCRIPTS = ['esbuild', 'sharp'];
/** better-sqlite3 compiles SQLite from source (~95 s of one core): npm may not download its prebuilt binary. */
const SLOW_SCRIPTS = ['better-sqlite3'];

const fresh = (file, than) => existsSync(file) && statSync(file).mtimeMs >= statSync(than).mtimeMs;

/**
 * npm packages from the lock file: on a fresh clone and whenever the lock file changed. The files come first
 * (`npm install --ignore-scripts`, ~40 s), then the install scripts. With `background`, better-sqlite3's compilation
 * runs in a process of its own and the returned promise settles when it is done: `npm test` typechecks, lints and runs
 * the tiers that need no database meanwhile, on the other core. Without it (npm start), everything is done on return.
 */
export function ensureNodeModules({ background = false, env: extra = {} } = {}) {
  const lock = join(root, 'package-lock.json');
  const env = { ...process.env, ...extra, ONNXRUNTIME_NODE_INSTALL: 'skip' };
  if (!fresh(join(root, 'node_modules/.package-lock.json'), lock)) {
    console.log('Installing npm packages…');
    rmSync(NATIVE_STAMP, { force: true });
    // `npm install` rather than `npm ci`: npm leaves other platforms' optional packages out of the lock file, which `ci` refuses.
    run('npm', ['install', '--no-audit', '--no-fund', '--ignore-scripts'], { env });
  }
  if (fresh(NATIVE_STAMP, lock)) return Promise.resolve();
  run('npm', ['rebuild', ...QUICK_SCRIPTS], { env });
  console.log(`Building ${SLOW_SCRIPTS.join(', ')} from source (about 2 minutes)…`);
  const done = () => writeFileSync(NATIVE_STAMP, new Date().toISOString());
  if (!background) {
    run('npm', ['rebuild', ...SLOW_SCRIPTS], { env });
    done();
    return Promise.resolve();
  }
  return new Promise((resolve, reject) => {
    // Its output is shown only when it fails: the tiers running meanwhile own the terminal.
    const child = spawn('npm', ['rebuild', ...SLOW_SCRIPTS], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('exit', (code, signal) => {
      if (code === 0) {
        done();
        resolve();
        return;
      }
      process.stderr.write(Buffer.concat(output));
      reject(new Error(`npm rebuild ${SLOW_SCRIPTS.join(' ')} failed (exit ${code ?? signal})`));
    });
  });
}

const BUILD_STAMP = join(root, 'apps/server/dist/.build-stamp');
const SOURCES = [
  'packages/contract',
  'apps/server/src',
  'apps/server/build.mjs',
  'apps/analyzer/src',
  'apps/analyzer/build.mjs',
  'apps/web',
  'package-lock.json',
];

/** Builds the web app and the server when any source is newer than the last build. */
export function ensureBuilt({ force = false } = {}) {
  const built = existsSync(BUILD_STAMP) ? statSync(BUILD_STAMP).mtimeMs : 0;
  const newest = Math.max(...SOURCES.map((s) => newestMtime(join(root, s))));
  if (!force && built > newest) return;
  console.log('Building Vigil…');
  run('npm', ['run', 'build']);
  writeFileSync(BUILD_STAMP, new Date().toISOString());
}

export function gitDescribe() {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
}
