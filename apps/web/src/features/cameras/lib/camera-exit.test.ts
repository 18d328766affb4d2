import { describe, expect, it } from 'vitest';
import { exitChangeText, mayMarkExits } from './camera-exit';

const reply = (is_exit: boolean, changed: boolean) => ({
  ok: true as const,
  camera: { uuid: 'c1a00001-0000-4000-8000-00000000a003', name: 'Garden Gate', is_exit },
  changed,
});

describe('camera exits', () => {
  it('are marked with alerting/edit, not with video/edit', () => {
    expect(mayMarkExits({ alerting: ['edit'] })).toBe(true);
    expect(mayMarkExits({ video: ['edit', 'add', 'delete'], alerting: ['receive_er_alerts', 'pin_dismiss_alert'] })).toBe(false);
    expect(mayMarkExits(undefined)).toBe(false);
  });

  it('say what the change did, and when there was nothing to change', () => {
    expect(exitChangeText(reply(true, true))).toBe("Garden Gate is now an exit: the analyzers treat its next frame as an exit's.");
    expect(exitChangeText(reply(false, true))).toBe('Garden Gate is no longer an exit.');
    expect(exitChangeText(reply(true, false))).toBe('Garden Gate was already an exit.');
    expect(exitChangeText(reply(false, false))).toBe('Garden Gate was not an exit.');
  });
});
