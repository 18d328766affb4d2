// A throwaway Mosquitto broker on loopback for the MQTT tests (Debian's mosquitto): anonymous, no persistence, run as
// the current user; removed when stopped.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';

export const MOSQUITTO = '/usr/sbin/mosquitto';
export const hasMosquitto = () => existsSync(MOSQUITTO);

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** Whether something accepts TCP connections on 127.0.0.1:port now. */
function accepts(port) {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * Starts mosquitto on 127.0.0.1:<a free port> (or `port`) and resolves once it accepts connections:
 * { url: 'mqtt://127.0.0.1:<port>', port, stop() }. stop() ends it and removes its folder.
 */
export async function startMosquitto({ port: wanted, timeoutMs = 15_000 } = {}) {
  if (!hasMosquitto()) throw new Error('mosquitto is not installed (apt-get install mosquitto mosquitto-clients)');
  const dir = mkdtempSync(join(tmpdir(), 'vigil-mosquitto-'));
  const port = wanted ?? (await freePort());
  const config = join(dir, 'mosquitto.conf');
  writeFileSync(
    config,
    [
      `listener ${port} 127.0.0.1`,
      'allow_anonymous true',
      'persistence false',
      // as root mosquitto would switch to its own "mosquitto" account; stay who we are
      `user ${userInfo().username}`,
      'log_dest stderr',
      'log_type error',
      'log_type warning',
      '',
    ].join('\n'),
  );
  const child = spawn(MOSQUITTO, ['-c', config], { stdio: ['ignore', 'ignore', 'pipe'] });
  const output = [];
  child.stderr.on('data', (chunk) => output.push(chunk));
  let exited = null;
  const done = new Promise((resolve) => child.once('exit', (code, signal) => resolve((exited = { code, signal }))));
  const stop = async () => {
    if (!exited) {
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await done;
      clearTimeout(killer);
    }
    rmSync(dir, { recursive: true, force: true });
  };
  for (const deadline = Date.now() + timeoutMs; ;) {
    if (exited) {
      rmSync(dir, { recursive: true, force: true });
      throw new Error(`mosquitto exited (${exited.code ?? exited.signal}): ${Buffer.concat(output).toString().trim()}`);
    }
    if (await accepts(port)) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`mosquitto did not accept connections on 127.0.0.1:${port} within ${timeoutMs / 1000} s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  child.unref();
  child.stderr.unref?.();
  return { url: `mqtt://127.0.0.1:${port}`, port, stop };
}
