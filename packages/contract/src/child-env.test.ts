import { describe, expect, it } from 'vitest';
import { ANALYZER_CHILD_ENV, GSTREAMER_CHILD_ENV, childEnv } from './child-env.js';

const server = {
  PATH: '/usr/local/bin:/usr/bin',
  HOME: '/var/lib/vigil',
  LANG: 'en_GB.UTF-8',
  LC_TIME: 'en_GB.UTF-8',
  TZ: 'Europe/London',
  TMPDIR: '/tmp',
  VIGIL_SECRET: 'the-server-secret',
  DATABASE_URL: 'postgres://vigil:pw@db/vigil',
  GOOGLE_CLIENT_ID: 'client',
  VIGIL_ANALYZER_FPS: '2',
  VIGIL_ANALYZER_KEY: 'vgd_an-old-key',
  FFMPEG_PATH: '/opt/ffmpeg',
  GST_PLUGIN_PATH: '/opt/gst',
  AWS_SECRET_ACCESS_KEY: 'aws',
  UNSET: undefined,
};

describe('a child process’s environment', () => {
  it('holds the basics a program needs and none of the parent’s settings (ffmpeg)', () => {
    expect(childEnv(server)).toEqual({
      PATH: server.PATH,
      HOME: server.HOME,
      LANG: server.LANG,
      LC_TIME: server.LC_TIME,
      TZ: server.TZ,
      TMPDIR: server.TMPDIR,
    });
  });

  it('adds what the child reads and what it is told, which wins (the analyzer)', () => {
    const env = childEnv(server, {
      pass: ANALYZER_CHILD_ENV,
      set: { VIGIL_ANALYZER_KEY: 'vgd_fresh', VIGIL_ANALYZER_SERVER: 'http://127.0.0.1:8080' },
    });
    expect(env).toMatchObject({ VIGIL_ANALYZER_FPS: '2', FFMPEG_PATH: '/opt/ffmpeg', VIGIL_ANALYZER_KEY: 'vgd_fresh', PATH: server.PATH });
    for (const secret of ['VIGIL_SECRET', 'DATABASE_URL', 'GOOGLE_CLIENT_ID', 'AWS_SECRET_ACCESS_KEY', 'GST_PLUGIN_PATH'])
      expect(env).not.toHaveProperty(secret);
  });

  it('lets GStreamer have its own variables (the demo cameras), and sets the time zone when told (the recorder)', () => {
    expect(childEnv(server, { pass: GSTREAMER_CHILD_ENV })).toMatchObject({ GST_PLUGIN_PATH: '/opt/gst' });
    expect(childEnv(server, { set: { TZ: 'UTC' } }).TZ).toBe('UTC');
    expect(childEnv({})).toEqual({});
  });
});
