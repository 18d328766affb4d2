// A recorder alone in its own process, for the crash test: node --import tsx test/recorder-process.ts <sqlite file or postgres url> <media> <camera> <url> <clip seconds>
import { migrateToLatest, openDatabase } from '../src/db/database.js';
import { systemClock } from '../src/lib/clock.js';
import { resolveFfmpeg } from '../src/media/ffmpeg.js';
import { MediaStore } from '../src/media/media-store.js';
import { Recorders } from '../src/media/recorders.js';
import { ClipsRepository } from '../src/modules/video/clips.repository.js';

const [location, mediaDir, camera, url, clipSeconds] = process.argv.slice(2) as [string, string, string, string, string];
const database = openDatabase(location.startsWith('postgres') ? { databaseUrl: location, sqlitePath: '' } : { sqlitePath: location });
await migrateToLatest(database.db);
const clips = new ClipsRepository(database.db, systemClock);
const log = { info: () => undefined, warn: (o: object, m?: string) => console.error(m, o) };
const recorders = new Recorders(
  {
    store: new MediaStore(mediaDir),
    index: clips,
    ffmpeg: (await resolveFfmpeg())!,
    clock: systemClock,
    clipSeconds: Number(clipSeconds),
    hlsSeconds: 1,
    log,
  },
  clips,
  { maxBytes: 0 },
);
await recorders.sync([{ uuid: camera, url }]);
console.log('recording');
