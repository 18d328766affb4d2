import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/harness.js';
import { devApiUrl } from './config.js';

describe('VIGIL_DEV_API_URL', () => {
  it('is the origin of an http(s) address, or none', () => {
    expect(devApiUrl(undefined)).toBeNull();
    expect(devApiUrl(' ')).toBeNull();
    expect(devApiUrl('https://api.dev.example/')).toBe('https://api.dev.example');
    expect(devApiUrl('http://10.0.0.7:8080')).toBe('http://10.0.0.7:8080');
  });

  it('refuses other schemes, credentials, paths and queries, and never repeats a password', () => {
    expect(() => devApiUrl('api.dev.example')).toThrow(/http\(s\) URL/);
    expect(() => devApiUrl('ftp://api.dev.example')).toThrow(/http\(s\) URL/);
    expect(() => devApiUrl('https://api.dev.example/?key=1')).toThrow(/query/);
    expect(() => devApiUrl('https://api.dev.example/vigil')).toThrow(/no path/);
    let message = '';
    try {
      devApiUrl('https://dev:s3cret@api.dev.example');
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/user or password/);
    expect(message).not.toContain('s3cret');
  });
});

describe('the dev API host reaches the web app', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ VIGIL_DEV_API_URL: 'https://api.dev.example:8443/' });
  });
  afterAll(() => ctx.close());

  it('in the client config, and in what the page may connect to and load pictures and video from', async () => {
    const reply = await ctx.app.inject({ method: 'GET', url: '/api/v1/config' });
    expect(reply.json<{ devApiUrl: string | null }>().devApiUrl).toBe('https://api.dev.example:8443');
    const csp = String(reply.headers['content-security-policy']);
    for (const directive of ['connect-src', 'img-src', 'media-src']) {
      expect(new RegExp(`${directive} [^;]*https://api\\.dev\\.example:8443`).test(csp), directive).toBe(true);
    }
  });
});
