// `npm start`: install what is missing, build, then run the server (it migrates, loads the demo data and serves).
import { spawn } from 'node:child_process';
import { ensureBuilt, ensureNodeModules, ensureVideoTools, root } from './lib/setup.mjs';

const started = Date.now();
ensureNodeModules();
ensureVideoTools({ optional: true });
ensureBuilt();
console.log(`Ready to start after ${((Date.now() - started) / 1000).toFixed(1)} s of set-up.`);

const server = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/main.js'], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
