// `npm run bench:alerts`: a certificate authority of the run's own (the local push service's certificate; Node trusts it
// through NODE_EXTRA_CA_CERTS, read only when a process starts) and a mosquitto broker on loopback, then the benchmark
// (scripts/bench-alerts.ts) in a process that trusts that authority.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { startMosquitto } from './lib/mosquitto.mjs';
import { ensureDebianPackage, ensureNodeModules, root } from './lib/setup.mjs';
import { makeTestCerts } from './lib/test-certs.mjs';

await ensureNodeModules();
ensureDebianPackage('/usr/bin/openssl', 'openssl');
ensureDebianPackage('/usr/sbin/mosquitto', ['mosquitto', 'mosquitto-clients'], { why: 'the benchmark publishes to an MQTT broker' });
const certs = makeTestCerts();
const broker = await startMosquitto();
const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/bench-alerts.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, NODE_EXTRA_CA_CERTS: certs.caCert, BENCH_MQTT_URL: broker.url },
});
const stop = (signal) => child.kill(signal);
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
const code = await new Promise((resolve) => child.on('exit', (c, s) => resolve(c ?? (s ? 1 : 0))));
await broker.stop();
rmSync(certs.dir, { recursive: true, force: true });
process.exit(code);
