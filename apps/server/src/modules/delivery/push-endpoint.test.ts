import { describe, expect, it } from 'vitest';
import { endpointHost, endpointHostPort, endpointRefusal, publicAddress } from './push-endpoint.js';

// Pure checks: no address here is outside this machine's own and the reserved ranges, and names go to a resolver the
// test gives. What names public addresses runs in a network namespace of its own (push-endpoint-namespace.test.ts).
const resolver =
  (table: Record<string, string[]>) =>
  async (host: string): Promise<string[]> => {
    const found = table[host];
    if (!found) throw new Error('ENOTFOUND');
    return found;
  };

describe('push endpoints: where the server may post', () => {
  it('refuses every address that is not a public unicast one', () => {
    for (const address of [
      '127.0.0.1',
      '127.8.9.10',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.254',
      '192.168.1.20',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '255.255.255.255',
      '224.0.0.251',
      '192.0.2.10',
      '198.51.100.7',
      '203.0.113.9',
      '240.0.0.1',
      '::',
      '::1',
      'fe80::1',
      'fc00::1',
      'fd12:3456::1',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      '2001:db8::1',
      '64:ff9b::a00:1',
      '2002:a00:1::1',
      '2001:0:a00:1::1',
      '[::1]',
      'not-an-address',
    ])
      expect(publicAddress(address), address).toBe(false);
  });

  it('refuses http, credentials in the URL, private and loopback hosts, and names of them or of nothing', async () => {
    const resolve = resolver({
      'push.lan': ['192.168.1.9'],
      'rebind.test': ['127.0.0.1'],
      'dual.test': ['::1', '10.0.0.8'],
      'none.test': [],
    });
    const cases: [string, string][] = [
      ['http://push.lan/x', 'not https'],
      ['https://user:pass@push.lan/x', 'a user or password in the URL'],
      ['https://127.0.0.1/x', 'not a public address'],
      ['https://[::1]:8443/x', 'not a public address'],
      ['https://[fd00::5]/x', 'not a public address'],
      ['https://10.0.0.1:443/x', 'not a public address'],
      ['https://push.lan/x', 'a name of a non-public address'],
      ['https://rebind.test/x', 'a name of a non-public address'],
      ['https://dual.test/x', 'a name of a non-public address'],
      ['https://none.test/x', 'a name that does not resolve'],
      ['https://unknown.test/x', 'a name that does not resolve'],
      ['not a url', 'not a URL'],
    ];
    for (const [endpoint, why] of cases) expect(await endpointRefusal(endpoint, [], resolve), endpoint).toBe(why);
  });

  it('admits exactly the host:port pairs of VIGIL_PUSH_ALLOW_HOSTS', async () => {
    const resolve = resolver({ 'push.lan': ['192.168.1.9'] });
    const allow = ['127.0.0.1:8443', '[::1]:9443', 'push.lan:443'];
    expect(await endpointRefusal('https://127.0.0.1:8443/push/1', allow, resolve)).toBeNull();
    expect(await endpointRefusal('https://127.0.0.1:8444/push/1', allow, resolve)).toBe('not a public address');
    expect(await endpointRefusal('https://[::1]:9443/push/1', allow, resolve)).toBeNull();
    expect(await endpointRefusal('https://PUSH.lan/push/1', allow, resolve)).toBeNull();
    expect(await endpointRefusal('https://push.lan:8443/push/1', allow, resolve)).toBe('a name of a non-public address');
    expect(await endpointRefusal('http://127.0.0.1:8443/push/1', allow, resolve)).toBe('not https');
  });

  it('names an endpoint by its host only (its path is a credential)', () => {
    expect(endpointHost('https://Push.Example:8443/fcm/send/secret-token')).toBe('push.example');
    expect(endpointHost('nonsense')).toBe('an unreadable endpoint');
    expect(endpointHostPort(new URL('https://[::1]/x'))).toBe('[::1]:443');
  });
});
