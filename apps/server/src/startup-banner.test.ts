import { describe, expect, it } from 'vitest';
import { startupBanner } from './startup-banner.js';

const base = { port: 8080, sqlitePath: '/srv/vigil/vigil.sqlite', google: undefined, microsoft: undefined };

describe('the start-up output', () => {
  it('says loudly when the demo sign-in is on and the server is reachable from the network', () => {
    const { warning } = startupBanner({ ...base, host: '0.0.0.0', demoSignIn: true }, 'sqlite');
    expect(warning).toContain('WARNING: the built-in DEMO sign-in is on and this server is reachable from the network');
    expect(warning).toContain('Anyone who can reach it can sign in as ANY account, staff included.');
    expect(startupBanner({ ...base, host: '192.168.1.5', demoSignIn: true }, 'sqlite').warning).not.toBeNull();
  });

  it('stays quiet on loopback, and when a real provider replaced the demo sign-in', () => {
    for (const host of ['127.0.0.1', 'localhost', '::1'])
      expect(startupBanner({ ...base, host, demoSignIn: true }, 'sqlite').warning).toBeNull();
    const real = startupBanner({ ...base, host: '0.0.0.0', demoSignIn: false, google: { clientId: 'x' } }, 'postgres');
    expect(real.warning).toBeNull();
    expect(real.info).toContain('Sign-in: Google');
    expect(real.info).toContain('Database: PostgreSQL (DATABASE_URL)');
    expect(real.info).not.toContain('Demo accounts:');
  });

  it('lists the demo accounts and where Vigil is when the demo sign-in is on', () => {
    const { info } = startupBanner({ ...base, host: '127.0.0.1', demoSignIn: true }, 'sqlite');
    expect(info).toContain('Vigil is running on http://localhost:8080');
    expect(info).toContain('staff@vigil.example');
    expect(info).toContain('HOST=0.0.0.0 exposes it on the network.');
  });
});
