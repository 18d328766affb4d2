import { describe, expect, it } from 'vitest';
import { DEFAULT_CAMERA_NETWORKS, addressAllowed, cameraHostAllowed, parseNetworks } from './networks.js';

// Pure checks: nothing here opens a connection or asks a DNS server (names go to a resolver given by the test).
const defaults = parseNetworks(DEFAULT_CAMERA_NETWORKS);

describe('camera networks', () => {
  it('allows loopback, the private ranges and link-local by default', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.9',
      '172.31.255.254',
      '192.168.1.64',
      '169.254.10.1',
      '::1',
      'fd00::12',
      '::ffff:192.168.1.2',
    ]) {
      expect(addressAllowed(address, defaults), address).toBe(true);
    }
  });

  it('refuses public and other addresses by default', () => {
    for (const address of ['8.8.8.8', '192.0.2.10', '172.32.0.1', '100.64.0.1', '2001:db8::1', '::ffff:8.8.8.8', '0.0.0.0', 'not-an-ip']) {
      expect(addressAllowed(address, defaults), address).toBe(false);
    }
  });

  it('takes its list from configuration, and refuses a bad entry', () => {
    const only = parseNetworks('203.0.113.0/24');
    expect(addressAllowed('203.0.113.7', only)).toBe(true);
    expect(addressAllowed('192.168.1.5', only)).toBe(false);
    expect(() => parseNetworks('10.0.0.0/8, nonsense')).toThrow(/nonsense/);
  });

  it('resolves a host name and needs every address it gives to be allowed', async () => {
    const resolver = (table: Record<string, string[]>) => async (host: string) => {
      const found = table[host];
      if (!found) throw new Error('ENOTFOUND');
      return found;
    };
    const resolve = resolver({
      'nvr.lan': ['192.168.1.50'],
      'mixed.example': ['192.168.1.50', '198.51.100.4'],
      'far.example': ['198.51.100.4'],
    });
    expect(await cameraHostAllowed('nvr.lan', defaults, resolve)).toBe(true);
    expect(await cameraHostAllowed('mixed.example', defaults, resolve)).toBe(false);
    expect(await cameraHostAllowed('far.example', defaults, resolve)).toBe(false);
    expect(await cameraHostAllowed('unknown.example', defaults, resolve)).toBe(false);
    expect(await cameraHostAllowed('[fd00::5]', defaults, resolve)).toBe(true);
    expect(await cameraHostAllowed('192.0.2.10', defaults, resolve)).toBe(false);
  });
});
