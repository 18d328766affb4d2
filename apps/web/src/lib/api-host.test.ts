import { describe, expect, it, vi } from 'vitest';
import { NO_DEV_API_WARNING, apiBaseUrl } from './api-host';

describe('apiBaseUrl (the dev endpoint flag)', () => {
  const dev = 'https://api.dev.example';

  it("keeps the app's own API with the flag off, whatever the server names", () => {
    const warn = vi.fn();
    expect(apiBaseUrl({ devEndpoint: false, devApiUrl: dev, ownHost: '' }, warn)).toBe('');
    expect(apiBaseUrl({ devEndpoint: false, devApiUrl: null, ownHost: 'https://api.example' }, warn)).toBe('https://api.example');
    expect(warn).not.toHaveBeenCalled();
  });

  it('sends calls to the development API with the flag on', () => {
    const warn = vi.fn();
    expect(apiBaseUrl({ devEndpoint: true, devApiUrl: dev, ownHost: '' }, warn)).toBe(dev);
    expect(apiBaseUrl({ devEndpoint: true, devApiUrl: `${dev}/`, ownHost: '' }, warn)).toBe(dev);
    expect(warn).not.toHaveBeenCalled();
  });

  it('keeps working against its own API, with a warning, when the flag is on and no development API is named', () => {
    const warn = vi.fn();
    expect(apiBaseUrl({ devEndpoint: true, devApiUrl: null, ownHost: '' }, warn)).toBe('');
    expect(warn).toHaveBeenCalledWith(NO_DEV_API_WARNING);
  });
});
