import { Analyzer } from './analyzer.js';
import { loadSettings } from './config.js';
import { ModelPool } from './model-pool.js';

// `node apps/analyzer/dist/main.js`: Vigil's analyzer as its own process, a client of the server like any detector.
const line = (level: string, message: string) => console.log(JSON.stringify({ level, time: Date.now(), msg: `analyzer: ${message}` }));
const log = { info: (m: string) => line('info', m), warn: (m: string) => line('warn', m) };

async function main(): Promise<void> {
  const settings = loadSettings();
  const started = Date.now();
  const models = await ModelPool.create(settings.workers);
  log.info(`models loaded on ${models.backend} in ${models.size} worker${models.size === 1 ? '' : 's'} in ${Date.now() - started} ms`);
  const analyzer = new Analyzer(settings, models, log);
  analyzer.start();
  log.info(`${settings.name} (${analyzer.id}) working for ${settings.serverUrl}`);
  const stop = (signal: string) => {
    log.info(`${signal}: stopping`);
    const force = setTimeout(() => process.exit(0), 5_000);
    force.unref();
    void analyzer
      .stop()
      .then(() => models.close())
      .then(() => process.exit(0));
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
  // Run by a Vigil server (VIGIL_ANALYZER=local): it goes when the server goes, even one that was killed outright.
  const parent = Number(process.env.VIGIL_ANALYZER_PARENT_PID ?? 0);
  if (parent > 0)
    setInterval(() => {
      if (process.ppid !== parent) stop('the server that started it is gone');
    }, 2_000).unref();
}

main().catch((error: unknown) => {
  log.warn(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
