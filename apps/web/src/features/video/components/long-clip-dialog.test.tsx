import { VIDEO_MESSAGES } from '@vigil/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Reply, stubApi } from '../../../test/api-stub';
import { renderWithProviders } from '../../../test/render';
import { toDateTimeInput } from '../../../lib/date-inputs';
import { LongClipDialog } from './long-clip-dialog';

const CAMERA = 'c1a00001-0000-4000-8000-00000000a001';
const HOUR = 3_600_000;
/** A whole minute, three hours ago: clear of the future and of the minute the inputs cut off. */
const anchor = () => Math.floor((Date.now() - 3 * HOUR) / 60_000) * 60_000;

function renderDialog() {
  const onClose = vi.fn();
  const at = anchor();
  const rendered = renderWithProviders(<LongClipDialog cameraId={CAMERA} anchor={at} onClose={onClose} />);
  const dialog = screen.getByRole('dialog', { name: 'Download a long clip' });
  // A datetime-local input takes its value whole, as the browser's picker sets it.
  const set = (label: string, at: number) =>
    fireEvent.change(within(dialog).getByLabelText(label), { target: { value: toDateTimeInput(new Date(at)) } });
  return { ...rendered, dialog, onClose, at, set, download: () => within(dialog).getByRole('button', { name: 'Download' }) };
}

describe('long clip dialog', () => {
  it('offers the five minutes from the moment on screen', () => {
    stubApi({});
    const { dialog, at } = renderDialog();
    expect(within(dialog).getByLabelText('Start')).toHaveValue(toDateTimeInput(new Date(at)));
    expect(within(dialog).getByLabelText('End')).toHaveValue(toDateTimeInput(new Date(at + 5 * 60_000)));
  });

  it('refuses ranges the spec refuses, in its words, without asking the server', async () => {
    const api = stubApi({});
    const { dialog, user, at, set, download } = renderDialog();

    set('End', at - 60_000);
    await user.click(download());
    expect(within(dialog).getByRole('alert')).toHaveTextContent(VIDEO_MESSAGES.illogical);

    set('End', at + 2 * HOUR + 60_000);
    await user.click(download());
    expect(within(dialog).getByRole('alert')).toHaveTextContent(VIDEO_MESSAGES.tooLong);

    set('End', Date.now() + HOUR);
    await user.click(download());
    expect(within(dialog).getByRole('alert')).toHaveTextContent(VIDEO_MESSAGES.future);
    expect(api.calls).toEqual([]);
  });

  it('asks for a link to the range and starts the download under its name', async () => {
    const api = stubApi({
      [`GET /api/v4/long_clips/${CAMERA}`]: () => ({ ok: true, data: { url: '/media/long/clip.mp4?sig=x', filename: 'front-door.mp4' } }),
    });
    const clicked: { href: string; download: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.getAttribute('href') ?? '', download: this.download });
    });
    const { dialog, user, at } = renderDialog();

    await user.click(within(dialog).getByRole('button', { name: 'Download' }));

    expect(await within(dialog).findByRole('status')).toHaveTextContent('Your download of front-door.mp4 has started.');
    expect(clicked).toEqual([{ href: '/media/long/clip.mp4?sig=x', download: 'front-door.mp4' }]);
    const [call] = api.callsTo(`GET /api/v4/long_clips/${CAMERA}`);
    expect(Object.fromEntries(call!.query)).toEqual({
      start: new Date(at).toISOString().replace('.000Z', 'Z'),
      end: new Date(at + 5 * 60_000).toISOString().replace('.000Z', 'Z'),
      mode: 'link',
    });
  });

  it("shows the server's refusal after 'Error!'", async () => {
    stubApi({ [`GET /api/v4/long_clips/${CAMERA}`]: () => new Reply(404, { ok: false, error: 'No recording in this range.' }) });
    const { dialog, user } = renderDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Download' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Error! No recording in this range.');
  });

  it('Close closes', async () => {
    stubApi({});
    const { dialog, user, onClose } = renderDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledOnce();
  });
});
