import { describe, expect, it } from 'vitest';
import { loopbackUrl } from './local-analyzer.js';

describe("where the server's own analyzer reaches it", () => {
  it('is loopback when the server listens everywhere, else the one address it listens on', () => {
    expect(loopbackUrl({ address: '0.0.0.0', family: 'IPv4', port: 8080 })).toBe('http://127.0.0.1:8080');
    expect(loopbackUrl({ address: '::', family: 'IPv6', port: 8080 })).toBe('http://127.0.0.1:8080');
    expect(loopbackUrl({ address: '127.0.0.1', family: 'IPv4', port: 9000 })).toBe('http://127.0.0.1:9000');
    expect(loopbackUrl({ address: '192.168.1.5', family: 'IPv4', port: 8080 })).toBe('http://192.168.1.5:8080');
    expect(loopbackUrl({ address: '::1', family: 'IPv6', port: 8080 })).toBe('http://[::1]:8080');
    expect(() => loopbackUrl(null)).toThrow(/not listening/);
  });
});
