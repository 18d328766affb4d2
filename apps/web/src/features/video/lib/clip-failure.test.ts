import { VIDEO_MESSAGES } from '@vigil/contract';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../../../lib/http';
import { describeClipFailure } from './clip-failure';

const now = new Date('2026-11-22T05:31:00Z');
const old = new Date('2026-11-22T05:00:00Z');

describe('describeClipFailure', () => {
  it('says still uploading for anything under 180 s old', () => {
    const recent = new Date(now.getTime() - 179_000);
    expect(describeClipFailure({ reply: { ok: false, err: 'x', reason: 'still_recording' } }, recent, now)).toEqual({
      kind: 'uploading',
      message: VIDEO_MESSAGES.stillUploading,
    });
    expect(describeClipFailure({ error: new HttpError('down', 0, undefined) }, recent, now).kind).toBe('uploading');
  });

  it('uses the spec texts for older instants', () => {
    expect(describeClipFailure({ error: new HttpError('x', 0, undefined) }, old, now).message).toBe(VIDEO_MESSAGES.noResponse);
    expect(describeClipFailure({ error: new TypeError('boom') }, old, now).message).toBe(VIDEO_MESSAGES.noResponse);
    expect(describeClipFailure({ error: new HttpError('x', 502, undefined) }, old, now).message).toBe(VIDEO_MESSAGES.noData);
    expect(describeClipFailure({ error: new HttpError('Forbidden here', 403, { error: 'Forbidden here' }) }, old, now).message).toBe(
      'Forbidden here',
    );
    expect(describeClipFailure({ reply: undefined }, old, now).message).toBe(VIDEO_MESSAGES.noData);
    expect(describeClipFailure({ reply: { ok: false, err: 'No recording at this time.' } }, old, now).message).toBe(
      'No recording at this time.',
    );
    expect(describeClipFailure({ reply: { ok: false } }, old, now).message).toBe(VIDEO_MESSAGES.unclear);
  });
});
