import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Reply, stubApi } from '../test/api-stub';
import { renderWithProviders } from '../test/render';
import { ReviewLogButton } from './review-log-button';

const FACE = 'b0000000-0000-4000-8000-000000000001';
const LOG = `GET /api/v1/training/reviews/${FACE}`;
const entry = (kind: 'match' | 'face' | 'visitor', answer: 0 | 1 | null, person_name: string | null, at: string) => ({
  kind,
  frontend_face_uuid: person_name ? 'f0000000-0000-4000-8000-000000000001' : null,
  person_name,
  answer,
  reviewed_by: 'Sam Staff',
  reviewed_at: at,
});

describe('Answers (a detection’s review log)', () => {
  it('loads when opened and lists every answer, oldest first, with who gave it', async () => {
    const api = stubApi({
      [LOG]: () => ({
        ok: true,
        entries: [
          entry('match', 1, 'Walter Smith', '2026-11-20T10:00:00Z'),
          entry('match', null, 'Walter Smith', '2026-11-20T10:01:00Z'),
          entry('match', 0, 'Edith Jones', '2026-11-20T10:02:00Z'),
          entry('face', 0, null, '2026-11-20T10:03:00Z'),
          entry('visitor', 1, 'Visitor 2', '2026-11-20T10:04:00Z'),
        ],
      }),
    });
    const { user } = renderWithProviders(<ReviewLogButton runtimeFaceUuid={FACE} />);
    expect(api.callsTo(LOG)).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Answers' }));
    const list = await screen.findByRole('list', { name: 'Answers' });
    const lines = within(list)
      .getAllByRole('listitem')
      .map((item) => item.firstChild?.textContent);
    expect(lines).toEqual([
      'Confirmed as Walter Smith',
      'Answer about Walter Smith taken back',
      'Not Edith Jones',
      'Marked Not a Face',
      'Added as a visitor: Visitor 2',
    ]);
    expect(within(list).getAllByText(/^Sam Staff ·/)).toHaveLength(5);
  });

  it('says when nobody has answered yet, and what went wrong when the log cannot be loaded', async () => {
    stubApi({ [LOG]: () => ({ ok: true, entries: [] }) });
    const first = renderWithProviders(<ReviewLogButton runtimeFaceUuid={FACE} />);
    await first.user.click(screen.getByRole('button', { name: 'Answers' }));
    expect(await screen.findByText('No answers yet.')).toBeInTheDocument();
    first.unmount();
    stubApi({ [LOG]: () => new Reply(404, { ok: false, statusCode: 404, error: 'No such face detection.' }) });
    const second = renderWithProviders(<ReviewLogButton runtimeFaceUuid={FACE} />);
    await second.user.click(screen.getByRole('button', { name: 'Answers' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No such face detection.');
  });
});
