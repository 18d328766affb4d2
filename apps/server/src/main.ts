import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { migrateToLatest, openDatabase } from './db/database.js';
import { systemClock } from './lib/clock.js';
import { AccessRepository } from './modules/auth/access.repository.js';
import { demoPhotos, seedDemo } from './demo/seed.js';
import { prepareDemoScenes } from './demo/wiring.js';
import { startupBanner } from './startup-banner.js';

/** `npm start`: migrate, load the demo data (idempotently) and serve API + SPA on one origin. */
async function main(): Promise<void> {
  const config = loadConfig();
  const database = openDatabase(config);
  await migrateToLatest(database.db);
  if (process.env.VIGIL_DEMO !== 'off')
    await seedDemo(
      database.db,
      new AccessRepository(database.db, systemClock),
      systemClock,
      config.secret,
      demoPhotos(database, config, systemClock),
    );
  // The demo cameras' scenes are made on the first start, before the server (the cameras start once it is ready).
  if (config.video.demoCameras)
    await prepareDemoScenes(config.video, { info: (msg) => console.log(msg), warn: (obj, msg) => console.warn(msg, obj) });
  const app = await buildApp({ config, database });
  const close = async (signal: string) => {
    app.log.info(`${signal}: shutting down`);
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void close('SIGINT'));
  process.once('SIGTERM', () => void close('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
  const banner = startupBanner(config, database.engine);
  console.log(banner.info);
  if (banner.warning) console.warn(banner.warning);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
