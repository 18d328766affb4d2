import { buildApp } from './app.js';
import { isLoopbackHost, loadConfig } from './config.js';
import { migrateToLatest, openDatabase } from './db/database.js';
import { systemClock } from './lib/clock.js';
import { AccessRepository } from './modules/auth/access.repository.js';
import { DEMO_ACCOUNTS, seedDemo } from './seed/demo.js';

/** `npm start`: migrate, load the demo data (idempotently) and serve API + SPA on one origin. */
async function main(): Promise<void> {
  const config = loadConfig();
  const database = openDatabase(config);
  await migrateToLatest(database.db);
  if (process.env.VIGIL_DEMO !== 'off')
    await seedDemo(database.db, new AccessRepository(database.db, systemClock), systemClock, config.secret);
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
  const providers = [config.google && 'Google', config.microsoft && 'Microsoft'].filter(Boolean).join(' and ');
  const exposed = !isLoopbackHost(config.host);
  console.log(
    [
      '',
      `Vigil is running on ${exposed ? `every address of this machine, port ${config.port}` : `http://localhost:${config.port}`}`,
      `Database: ${database.engine === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : config.sqlitePath}`,
      `Sign-in: ${config.demoSignIn ? "Vigil's built-in demo sign-in" : providers || 'none configured (set GOOGLE_CLIENT_ID or MICROSOFT_CLIENT_ID)'}`,
      ...(config.demoSignIn ? ['Demo accounts:', ...DEMO_ACCOUNTS.map((a) => `  ${a.email.padEnd(24)} ${a.description}`)] : []),
      ...(!exposed ? [`Only this machine can reach it; HOST=0.0.0.0 exposes it on the network.`] : []),
      '',
    ].join('\n'),
  );
  if (config.demoSignIn && exposed) {
    // Loud on purpose: the demo provider lets anyone who reaches this server sign in as anyone.
    console.warn(
      [
        '!'.repeat(78),
        '!! WARNING: the built-in DEMO sign-in is on and this server is reachable from the network',
        `!! (HOST=${config.host}). Anyone who can reach it can sign in as ANY account, staff included.`,
        '!! For a real site configure GOOGLE_CLIENT_ID or MICROSOFT_CLIENT_ID (the demo sign-in then turns',
        '!! off), or keep HOST on loopback.',
        '!'.repeat(78),
      ].join('\n'),
    );
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
