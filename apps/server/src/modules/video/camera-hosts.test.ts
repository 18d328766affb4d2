import { execFileSync, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const probe = fileURLToPath(new URL('../../../test/camera-host-probe.ts', import.meta.url));
const isRoot = process.getuid?.() === 0;

describe('camera hosts (in a network namespace of its own: no packet can leave)', () => {
  it.skipIf(!isRoot)(
    'refuses a camera outside the allowed networks (added or moved there) with 400 and changes nothing; a private address is taken',
    () => {
      expect(spawnSync('unshare', ['-n', 'true']).status, 'unshare -n works here').toBe(0);
      const env: NodeJS.ProcessEnv = { ...process.env };
      delete env.VIGIL_TEST_DATABASE_URL; // the namespace has no network, loopback included: SQLite
      const output = execFileSync('unshare', ['-n', process.execPath, '--import', 'tsx', probe], {
        env,
        encoding: 'utf8',
        timeout: 60_000,
      });
      const { results, added, edit } = JSON.parse(output.trim().split('\n').pop()!) as {
        results: { host: string; status: number; error: string | null }[];
        added: number;
        edit: { status: number; error: string | null; host: string };
      };
      for (const result of results.slice(0, -1)) {
        expect(result.status, result.host).toBe(400);
        expect(result.error).toBe(`Camera host ${result.host} is not on a network cameras may use here (VIGIL_CAMERA_NETWORKS).`);
      }
      expect(results.at(-1)).toMatchObject({ host: '192.168.77.7', status: 200 });
      expect(added, 'only the private camera was added').toBe(1);
      expect(edit).toEqual({
        status: 400,
        error: 'Camera host 198.51.100.7 is not on a network cameras may use here (VIGIL_CAMERA_NETWORKS).',
        host: '192.168.77.7',
      });
    },
  );
});
