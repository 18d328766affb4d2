// Run by live-viewers.ts in a process of its own: WebSocket viewers of the low-latency stream (one per address in
// argv) that read every message, so that what reading costs is not counted as the recorder's. Reports JSON lines on
// stdout; takes commands on stdin: "stall <i>" (viewer i stops reading, its socket paused) and "bytes".
import { createInterface } from 'node:readline';
import WebSocket from 'ws';

const report = (message: object) => process.stdout.write(`${JSON.stringify(message)}\n`);

const viewers = process.argv.slice(2).map((url, index) => {
  const viewer = { bytes: 0, messages: 0, socket: new WebSocket(url, { perMessageDeflate: false }) };
  viewer.socket.on('message', (data: Buffer) => {
    viewer.bytes += data.length;
    // the init message, the init segment, then media
    if (++viewer.messages === 3) report({ type: 'receiving', viewer: index });
  });
  viewer.socket.on('close', (code, reason) => report({ type: 'closed', viewer: index, code, reason: String(reason), at: Date.now() }));
  viewer.socket.on('error', (error) => report({ type: 'error', viewer: index, message: error.message }));
  return viewer;
});

createInterface({ input: process.stdin })
  .on('line', (line) => {
    const [command, argument] = line.split(' ');
    if (command === 'stall') viewers[Number(argument)]?.socket.pause();
    else if (command === 'bytes') report({ type: 'bytes', bytes: viewers.map((v) => v.bytes) });
  })
  .on('close', () => process.exit(0));
