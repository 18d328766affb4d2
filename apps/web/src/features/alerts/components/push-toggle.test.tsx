import type { PushSubscriptionView } from '@vigil/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Reply, stubApi } from '../../../test/api-stub';
import { renderWithProviders } from '../../../test/render';
import { TEST_TOKEN } from '../../../test/session';
import { PUSH_DEVICE_MESSAGES } from '../../../lib/web-push';
import { PushToggle } from './push-toggle';

const DOMAIN = '5f0c8a2e-6b1d-4c3e-9a47-0d2b7e1f3a01';
const VAPID = Buffer.from(Uint8Array.from({ length: 65 }, (_, i) => i + 1)).toString('base64url');
const ENDPOINT = 'https://fcm.googleapis.com/fcm/send/device-1';
const KEYS = { p256dh: 'B'.repeat(87), auth: 'a'.repeat(22) };

interface BrowserOptions {
  secure?: boolean;
  pushManager?: boolean;
  worker?: boolean;
  permission?: NotificationPermission;
  /** what the permission prompt answers */
  answer?: NotificationPermission;
  subscribeError?: Error;
  /** what getSubscription throws (Chrome in a private window) */
  readError?: Error;
  userAgent?: string;
}

/** What a browser offers for Web Push, as the page reads it: secure context, service worker, PushManager, Notification. */
function fakeBrowser(options: BrowserOptions = {}) {
  let subscription: {
    endpoint: string;
    options: { applicationServerKey: ArrayBuffer };
    toJSON(): unknown;
    unsubscribe(): Promise<boolean>;
  } | null = null;
  const unsubscribed = vi.fn();
  const pushManager = {
    getSubscription: vi.fn(async () => {
      if (options.readError) throw options.readError;
      return subscription;
    }),
    subscribe: vi.fn(async ({ applicationServerKey }: { applicationServerKey: Uint8Array<ArrayBuffer> }) => {
      if (options.subscribeError) throw options.subscribeError;
      subscription = {
        endpoint: ENDPOINT,
        options: { applicationServerKey: applicationServerKey.buffer },
        toJSON: () => ({ endpoint: ENDPOINT, expirationTime: null, keys: KEYS }),
        unsubscribe: async () => {
          unsubscribed();
          subscription = null;
          return true;
        },
      };
      return subscription;
    }),
  };
  const registration = { active: { state: 'activated' }, pushManager };
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: {
      getRegistration: async () => (options.worker === false ? undefined : registration),
      ready: Promise.resolve(registration),
      addEventListener: () => undefined,
    },
  });
  if (options.userAgent) Object.defineProperty(navigator, 'userAgent', { configurable: true, value: options.userAgent });
  vi.stubGlobal('isSecureContext', options.secure ?? true);
  if (options.pushManager !== false) vi.stubGlobal('PushManager', class PushManager {});
  const notification = {
    permission: options.permission ?? 'default',
    requestPermission: vi.fn(async () => {
      notification.permission = options.answer ?? 'granted';
      return notification.permission;
    }),
  };
  vi.stubGlobal('Notification', notification);
  return { pushManager, notification, unsubscribed };
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'serviceWorker');
  Reflect.deleteProperty(navigator, 'userAgent');
  if ('PushManager' in window) Reflect.deleteProperty(window, 'PushManager');
});

const view = (overrides: Partial<PushSubscriptionView> = {}): PushSubscriptionView => ({
  id: '11111111-1111-4111-8111-111111111111',
  domain_uuid: DOMAIN,
  device_label: 'Pixel 8 (Chrome)',
  service: 'fcm.googleapis.com',
  created_at: '2026-12-01T20:00:00Z',
  last_sent_at: null,
  ...overrides,
});

/** The server's push routes: one list of this user's devices for the building. */
function pushServer(devices: PushSubscriptionView[] = []) {
  let list = devices;
  return stubApi({
    'GET /api/v1/push/key': () => ({ ok: true, public_key: VAPID }),
    'GET /api/v1/push/subscriptions': () => ({ ok: true, subscriptions: list }),
    'POST /api/v1/push/subscriptions': ({ body }) => {
      const { device_label } = body as { device_label: string };
      const added = view({ id: '22222222-2222-4222-8222-222222222222', device_label });
      list = [...list, added];
      return { ok: true, subscription: added };
    },
    'DELETE /api/v1/push/subscriptions/22222222-2222-4222-8222-222222222222': () => {
      list = list.filter((s) => s.id !== '22222222-2222-4222-8222-222222222222');
      return { ok: true };
    },
    'POST /api/v1/push/test': () => ({
      ok: true,
      delivered: true,
      message: 'Test notification sent: it should show on the device in a moment.',
    }),
  });
}

const render = () => renderWithProviders(<PushToggle domainId={DOMAIN} buildingName="Maple Court" />);
const status = () => screen.getByLabelText(/^Alerts on this device: /);

describe('PushToggle', () => {
  it('says Web Push needs https on a page that is not a secure context, and offers nothing to turn on', async () => {
    fakeBrowser({ secure: false, pushManager: false });
    pushServer();
    render();
    expect(await screen.findByText(PUSH_DEVICE_MESSAGES.insecure)).toBeInTheDocument();
    expect(screen.getByText(PUSH_DEVICE_MESSAGES.insecureDetail)).toBeInTheDocument();
    expect(status()).toHaveTextContent('Not available');
    expect(screen.queryByRole('button', { name: 'Turn on' })).not.toBeInTheDocument();
  });

  it('tells iPhone users to add Vigil to the home screen first, and others that the browser has no Push API', async () => {
    fakeBrowser({
      pushManager: false,
      userAgent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    });
    pushServer();
    const { unmount } = render();
    expect(await screen.findByText(PUSH_DEVICE_MESSAGES.iosHomeScreen)).toBeInTheDocument();
    unmount();
    Reflect.deleteProperty(navigator, 'userAgent');
    render();
    expect(await screen.findByText(PUSH_DEVICE_MESSAGES.unsupported)).toBeInTheDocument();
  });

  it('says how to unblock notifications the browser has blocked', async () => {
    fakeBrowser({ permission: 'denied' });
    pushServer();
    render();
    expect(await screen.findByText(PUSH_DEVICE_MESSAGES.denied)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Turn on' })).not.toBeInTheDocument();
  });

  it('says so when the page runs without its service worker', async () => {
    fakeBrowser({ worker: false });
    pushServer();
    render();
    expect(await screen.findByText(PUSH_DEVICE_MESSAGES.noServiceWorker)).toBeInTheDocument();
  });

  it("says so when the browser will not tell its push state (Chrome's private windows)", async () => {
    fakeBrowser({ readError: new DOMException('Chrome currently does not support the Push API in incognito mode', 'AbortError') });
    pushServer();
    render();
    expect(await screen.findByText(/Chrome currently does not support the Push API in incognito mode/)).toBeInTheDocument();
    expect(status()).toHaveTextContent('Not available');
  });

  it('turns on: asks permission, subscribes with the server key, registers the device under its name; then tests and turns off', async () => {
    const browser = fakeBrowser();
    const api = pushServer();
    const { user } = render();
    const name = await screen.findByRole('textbox', { name: /Device name/ });
    expect(status()).toHaveTextContent('Off');
    await user.clear(name);
    await user.type(name, "Nora's phone");
    await user.click(screen.getByRole('button', { name: 'Turn on' }));

    expect(await screen.findByText(/On as/)).toHaveTextContent("On as Nora's phone.");
    expect(status()).toHaveTextContent('On');
    expect(browser.notification.requestPermission).toHaveBeenCalledOnce();
    const [subscribeOptions] = browser.pushManager.subscribe.mock.calls[0]!;
    expect(subscribeOptions).toMatchObject({ userVisibleOnly: true });
    expect([...subscribeOptions.applicationServerKey]).toEqual(Array.from({ length: 65 }, (_, i) => i + 1));
    expect(api.callsTo('POST /api/v1/push/subscriptions').map((c) => c.body)).toEqual([
      {
        domain_uuid: DOMAIN,
        device_label: "Nora's phone",
        subscription: { endpoint: ENDPOINT, expirationTime: null, keys: KEYS },
        token: TEST_TOKEN,
      },
    ]);
    const devices = screen.getByRole('list', { name: 'Your devices for this building' });
    expect(within(devices).getByRole('listitem')).toHaveTextContent("Nora's phoneThis device");

    await user.click(screen.getByRole('button', { name: 'Send a test' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Test notification sent: it should show on the device in a moment.');
    expect(api.callsTo('POST /api/v1/push/test').map((c) => c.body)).toEqual([
      { subscription_id: '22222222-2222-4222-8222-222222222222', token: TEST_TOKEN },
    ]);

    await user.click(within(devices).getByRole('button', { name: "Turn off Nora's phone" }));
    await waitFor(() => expect(status()).toHaveTextContent('Off'));
    expect(api.callsTo('DELETE /api/v1/push/subscriptions/22222222-2222-4222-8222-222222222222')).toHaveLength(1);
    // The last building turned off on this device ends the browser's subscription too.
    expect(browser.unsubscribed).toHaveBeenCalledOnce();
    expect(screen.queryByRole('list', { name: 'Your devices for this building' })).not.toBeInTheDocument();
  });

  it("lists the user's other devices for the building, and turning this one on keeps them", async () => {
    fakeBrowser({ permission: 'granted' });
    pushServer([view()]);
    const { user } = render();
    const devices = await screen.findByRole('list', { name: 'Your devices for this building' });
    expect(within(devices).getByRole('listitem')).toHaveTextContent('Pixel 8 (Chrome)');
    expect(within(devices).getByRole('listitem')).toHaveTextContent('fcm.googleapis.com · since');
    expect(status()).toHaveTextContent('Off');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    await waitFor(() => expect(within(devices).getAllByRole('listitem')).toHaveLength(2));
    expect(status()).toHaveTextContent('On');
  });

  it('says what went wrong: permission not given, the push service unreachable, the server refusing', async () => {
    const browser = fakeBrowser({ answer: 'default' });
    pushServer();
    const { user } = render();
    await user.click(await screen.findByRole('button', { name: 'Turn on' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(PUSH_DEVICE_MESSAGES.notAllowed);
    expect(browser.pushManager.subscribe).not.toHaveBeenCalled();

    browser.notification.permission = 'granted';
    const failing = fakeBrowser({
      permission: 'granted',
      subscribeError: new DOMException('Registration failed - push service error', 'AbortError'),
    });
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(PUSH_DEVICE_MESSAGES.unreachable('Registration failed - push service error')),
    );
    expect(failing.pushManager.subscribe).toHaveBeenCalledOnce();

    // Chrome's private windows (and Playwright's contexts) refuse with this AbortError.
    fakeBrowser({ permission: 'granted', subscribeError: new DOMException('Registration failed - permission denied', 'AbortError') });
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(PUSH_DEVICE_MESSAGES.refused('Registration failed - permission denied')),
    );

    fakeBrowser({ permission: 'granted' });
    stubApi({
      'GET /api/v1/push/key': () => ({ ok: true, public_key: VAPID }),
      'GET /api/v1/push/subscriptions': () => ({ ok: true, subscriptions: [] }),
      'POST /api/v1/push/subscriptions': () =>
        new Reply(400, {
          ok: false,
          statusCode: 400,
          error: 'The push endpoint fcm.googleapis.com is not a push service on a public address, so alerts are not sent there.',
        }),
    });
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('is not a push service on a public address'));
    expect(status()).toHaveTextContent('Off');
  });
});
