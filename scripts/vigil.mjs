// `npm run vigil -- <command>`: the administration CLI (roles, grants, users, migrations, demo data).
import { spawnSync } from 'node:child_process';
import { ensureBuilt, ensureNodeModules, root } from './lib/setup.mjs';

ensureNodeModules();
ensureBuilt();
const result = spawnSync(process.execPath, ['apps/server/dist/cli.js', ...process.argv.slice(2)], { cwd: root, stdio: 'inherit' });
process.exit(result.status ?? 1);
