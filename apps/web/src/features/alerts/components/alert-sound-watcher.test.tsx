import { DEFAULT_PREFERENCES, type ElopementAlert } from '@vigil/contract';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ELOPEMENT_ALERTS_QUERY_ROOT } from '../../../lib/api/get-elopement-alerts';
import { setAlertSound } from '../../../lib/alert-sound';
import { stubApi } from '../../../test/api-stub';
import { renderWithProviders } from '../../../test/render';
import { alertFixture } from '../lib/elopement-alert.fixture';
import { AlertSoundSwitch } from './alert-sound-switch';
import { AlertSoundWatcher } from './alert-sound-watcher';

const DOMAIN = '5f0c8a2e-6b1d-4c3e-9a47-0d2b7e1f3a01';

/** The pitches the page started, in order: what a listener hears. */
let heard: number[] = [];

/** Web Audio as a browser gives it before a gesture: suspended until resume(). */
class FakeAudioContext {
  state: AudioContextState = 'suspended';
  currentTime = 0;
  destination = {};
  onstatechange: (() => void) | null = null;
  resume() {
    this.state = 'running';
    this.onstatechange?.();
    return Promise.resolve();
  }
  close() {
    this.state = 'closed';
    return Promise.resolve();
  }
  createOscillator() {
    const oscillator = {
      type: 'sine',
      frequency: { value: 0 },
      connect: (next: unknown) => next,
      start: () => heard.push(oscillator.frequency.value),
      stop: () => undefined,
    };
    return oscillator;
  }
  createGain() {
    return { gain: { setValueAtTime: () => undefined, linearRampToValueAtTime: () => undefined }, connect: (next: unknown) => next };
  }
}

const escalated = (alert: ElopementAlert): ElopementAlert => ({
  ...alert,
  escalation_tier: 1,
  steps: [...alert.steps, { step: 'escalated', at: alert.steps[0]!.at, tier: 1, tier_name: 'Managers', by: null, device: null }],
});

function server(initial: ElopementAlert[]) {
  let alerts = initial;
  stubApi({
    'GET /api/v1/users/me/entitlements': () => ({ ok: true, entitlementsByDomain: { [DOMAIN]: { alerting: ['receive_er_alerts'] } } }),
    'POST /api/v4/domains': () => ({
      domains: [{ uuid: DOMAIN, description: 'Maple Court', cameraUUIDs: [], cameras: [], preferences: DEFAULT_PREFERENCES }],
    }),
    'GET /api/v1/faces/alerts': () => ({ ok: true, alerts }),
  });
  return { set: (next: ElopementAlert[]) => (alerts = next) };
}

beforeEach(() => {
  heard = [];
  vi.stubGlobal('AudioContext', FakeAudioContext);
});
afterEach(() => setAlertSound(false));

describe('the alert sound', () => {
  it('plays once for each new alert and each escalation, not for the alerts already there, not again for the same step', async () => {
    const now = Math.floor(Date.now() / 1000);
    const old = alertFixture('1', now - 600);
    const fresh = alertFixture('2', now);
    const alerts = server([old]);
    const { user, queryClient } = renderWithProviders(
      <>
        <AlertSoundWatcher />
        <AlertSoundSwitch />
      </>,
    );
    const refetch = () => queryClient.refetchQueries({ queryKey: ELOPEMENT_ALERTS_QUERY_ROOT });

    await user.click(screen.getByRole('switch', { name: /Sound/ }));
    // Switching on is the gesture that lets the page make sound: a quiet sample of the alarm's first pair.
    await waitFor(() => expect(heard).toEqual([880, 660]));
    await waitFor(() => expect(queryClient.getQueryData([...ELOPEMENT_ALERTS_QUERY_ROOT, DOMAIN, false])).toBeDefined());
    await refetch();
    expect(heard, 'the alert that was there already rings nothing').toEqual([880, 660]);

    heard = [];
    alerts.set([old, fresh]);
    await refetch();
    await waitFor(() => expect(heard).toEqual([880, 660, 880, 660, 880, 660]));

    heard = [];
    await refetch();
    expect(heard, 'the same alert again (a socket message for its picture, the 30 s refresh)').toEqual([]);

    alerts.set([old, escalated(fresh)]);
    await refetch();
    await waitFor(() => expect(heard).toHaveLength(6));

    heard = [];
    alerts.set([
      { ...old, state: 'acknowledged' },
      { ...escalated(fresh), state: 'acknowledged' },
      alertFixture('3', now, { state: 'acknowledged' }),
    ]);
    await refetch();
    expect(heard, 'acknowledged alerts ring no more').toEqual([]);

    await user.click(screen.getByRole('switch', { name: /Sound/ }));
    alerts.set([alertFixture('4', now)]);
    await refetch();
    expect(heard, 'with the sound off').toEqual([]);
  });

  it('asks for a tap when the browser holds the sound (a reload forgets the last gesture)', async () => {
    vi.stubGlobal(
      'AudioContext',
      class extends FakeAudioContext {
        override resume() {
          return Promise.resolve();
        }
      },
    );
    server([]);
    const { user } = renderWithProviders(<AlertSoundSwitch />);
    await user.click(screen.getByRole('switch', { name: /Sound/ }));
    expect(await screen.findByRole('status')).toHaveTextContent('The browser holds the sound until you tap or press a key on this page.');
    expect(heard).toEqual([]);
  });
});
