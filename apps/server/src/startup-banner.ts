import { isLoopbackHost, type Config } from './config.js';
import { DEMO_ACCOUNTS } from './demo/seed.js';

/**
 * What `npm start` prints once listening: where Vigil is, its database and sign-in; and, when the demo sign-in is on
 * while the server is reachable from the network, a loud warning (anyone who reaches it can sign in as anyone).
 */
export function startupBanner(
  config: Pick<Config, 'host' | 'port' | 'demoSignIn' | 'google' | 'microsoft' | 'sqlitePath'>,
  engine: 'sqlite' | 'postgres',
): { info: string; warning: string | null } {
  const providers = [config.google && 'Google', config.microsoft && 'Microsoft'].filter(Boolean).join(' and ');
  const exposed = !isLoopbackHost(config.host);
  const info = [
    '',
    `Vigil is running on ${exposed ? `every address of this machine, port ${config.port}` : `http://localhost:${config.port}`}`,
    `Database: ${engine === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : config.sqlitePath}`,
    `Sign-in: ${config.demoSignIn ? "Vigil's built-in demo sign-in" : providers || 'none configured (set GOOGLE_CLIENT_ID or MICROSOFT_CLIENT_ID)'}`,
    ...(config.demoSignIn ? ['Demo accounts:', ...DEMO_ACCOUNTS.map((a) => `  ${a.email.padEnd(24)} ${a.description}`)] : []),
    ...(!exposed ? [`Only this machine can reach it; HOST=0.0.0.0 exposes it on the network.`] : []),
    '',
  ].join('\n');
  const warning =
    config.demoSignIn && exposed
      ? [
          '!'.repeat(78),
          '!! WARNING: the built-in DEMO sign-in is on and this server is reachable from the network',
          `!! (HOST=${config.host}). Anyone who can reach it can sign in as ANY account, staff included.`,
          '!! For a real site configure GOOGLE_CLIENT_ID or MICROSOFT_CLIENT_ID (the demo sign-in then turns',
          '!! off), or keep HOST on loopback.',
          '!'.repeat(78),
        ].join('\n')
      : null;
  return { info, warning };
}
