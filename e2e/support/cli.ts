import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * `npm run vigil -- <args>` against the e2e server's data folder: what an administrator does on the server. Specs use it
 * to make people and grants of their own, so no spec changes what another spec running meanwhile relies on.
 */
export function vigil(...args: string[]): string {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: run the specs through e2e/playwright.config.ts');
  return execFileSync(process.execPath, [join(root, 'apps/server/dist/cli.js'), ...args], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, VIGIL_DATA_DIR: dataDir, VIGIL_LOG_LEVEL: 'warn' },
    timeout: 60_000,
  });
}

export interface TestPerson {
  email: string;
  name: string;
}

/** A new account of this spec's own, granted `role` in `building` (by name or uuid); names are unique per call. */
export function newPerson(role: string, building: string, label = 'E2E Person'): TestPerson {
  const id = randomBytes(4).toString('hex');
  const person = { email: `e2e-${id}@maple.example`, name: `${label} ${id}` };
  vigil('add-user', person.email, person.name);
  vigil('grant', person.email, building, role);
  return person;
}
