import { describe, expect, it } from 'vitest';
import { base64UrlToBytes, guessDeviceLabel, pushBlocker, type PushEnvironment } from './web-push';

const able: PushEnvironment = {
  secure: true,
  serviceWorker: true,
  pushManager: true,
  notification: true,
  permission: 'default',
  ios: false,
  standalone: false,
};

describe('pushBlocker', () => {
  it('says why a device cannot receive alerts, most basic reason first', () => {
    expect(pushBlocker(able)).toBeNull();
    expect(pushBlocker({ ...able, permission: 'granted' })).toBeNull();
    // Plain http hides the Push API as well: the reason is the address, not the browser.
    expect(pushBlocker({ ...able, secure: false, serviceWorker: false, pushManager: false })).toBe('insecure');
    expect(pushBlocker({ ...able, pushManager: false })).toBe('unsupported');
    expect(pushBlocker({ ...able, notification: false })).toBe('unsupported');
    expect(pushBlocker({ ...able, pushManager: false, notification: false, ios: true })).toBe('ios-home-screen');
    expect(pushBlocker({ ...able, pushManager: false, ios: true, standalone: true })).toBe('unsupported');
    expect(pushBlocker({ ...able, ios: true, standalone: true })).toBeNull();
    expect(pushBlocker({ ...able, permission: 'denied' })).toBe('denied');
  });
});

describe('guessDeviceLabel', () => {
  it('names the phone or computer and the browser', () => {
    const ua = {
      pixel: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
      reduced: 'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
      samsung:
        'Mozilla/5.0 (Linux; Android 13; SM-S918B Build/TP1A.220624.014) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/23.0 Chrome/115.0.0.0 Mobile Safari/537.36',
      iphone:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
      windowsEdge:
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      macFirefox: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.1; rv:133.0) Gecko/20100101 Firefox/133.0',
      linuxChromium: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
    };
    expect(guessDeviceLabel(ua.pixel)).toBe('Pixel 8 (Chrome)');
    expect(guessDeviceLabel(ua.reduced)).toBe('Android phone (Chrome)');
    expect(guessDeviceLabel(ua.samsung)).toBe('SM-S918B (Samsung Internet)');
    expect(guessDeviceLabel(ua.iphone)).toBe('iPhone (Safari)');
    expect(guessDeviceLabel(ua.windowsEdge)).toBe('Windows PC (Edge)');
    expect(guessDeviceLabel(ua.macFirefox)).toBe('Mac (Firefox)');
    expect(guessDeviceLabel(ua.linuxChromium)).toBe('Linux PC (Chrome)');
    expect(guessDeviceLabel('')).toBe('This device');
    expect(guessDeviceLabel(`Mozilla/5.0 (Linux; Android 14; ${'X'.repeat(80)}) Chrome/1`).length).toBeLessThanOrEqual(60);
  });
});

describe('base64UrlToBytes', () => {
  it('decodes a VAPID public key (65 bytes, uncompressed P-256 point)', () => {
    const bytes = Uint8Array.from({ length: 65 }, (_, i) => (i * 37 + 4) % 256);
    const encoded = Buffer.from(bytes).toString('base64url');
    expect([...base64UrlToBytes(encoded)]).toEqual([...bytes]);
    expect([...base64UrlToBytes(`${Buffer.from([251, 255]).toString('base64url')}`)]).toEqual([251, 255]);
  });
});
