import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { FacesDetectedRequest } from '@vigil/contract';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../../lib/storage-keys';
import type { ApiCall } from '../../../test/api-stub';
import { paste } from '../../../test/render';
import { CAMERA_UUID, candidate, detection, personUuid, reply } from '../lib/detection.fixture';
import { DOMAIN, pageServer, renderTrainingRoute } from './training-pages.fixture';

const DETECTED = 'POST /api/v5/facesdetected2';
const detectedServer = (flags = {}) =>
  pageServer({ [DETECTED]: (_call: ApiCall) => reply([detection('1', [candidate('1', 0.97)])], 'end', { more: false }) }, { flags });
const sent = (api: ReturnType<typeof pageServer>) => api.callsTo(DETECTED).map((call) => call.body as FacesDetectedRequest);

describe('/detected', () => {
  it("is titled 'Face Training' and lists the building's detections, 20 a page", async () => {
    const api = detectedServer();
    renderTrainingRoute('/detected');
    expect(screen.getByRole('heading', { name: 'Face Training' })).toBeInTheDocument();
    expect(await screen.findByRole('list', { name: 'Detected faces' })).toBeInTheDocument();
    expect(sent(api)[0]).toMatchObject({ domain_uuid: DOMAIN, limit: 20, face_uuids: [], camera_uuids: [] });
  });

  it('/detected/{id} starts filtered to that person, named in the subtitle', async () => {
    const api = detectedServer();
    renderTrainingRoute(`/detected/${personUuid('2')}`);
    await screen.findByRole('list', { name: 'Detected faces' });
    expect(sent(api)[0]?.face_uuids).toEqual([personUuid('2')]);
    expect(await screen.findByLabelText('Active filters')).toHaveTextContent('John Baker');
  });

  it('the older form (flag off): camera and person, applied as chosen and remembered for the building', async () => {
    const api = detectedServer();
    const { user } = renderTrainingRoute('/detected');
    await screen.findByRole('list', { name: 'Detected faces' });
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    const form = screen.getByRole('form', { name: 'Filter detections' });
    expect(within(form).queryByLabelText('Confidence')).not.toBeInTheDocument();
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Camera' }), 'Front Entrance Outdoor');
    await waitFor(() => expect(sent(api).at(-1)?.camera_uuids).toEqual([CAMERA_UUID]));
    expect(screen.getByLabelText('Active filters')).toHaveTextContent('Front Entrance Outdoor');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.trainingFilters)!)[DOMAIN]).toMatchObject({ cameraUUID: CAMERA_UUID });
  });

  it('the new form (flag on): confidence with its predicate, face height, Shapes; a confidence out of range is refused', async () => {
    const api = detectedServer({ new_training_filters: true });
    const { user } = renderTrainingRoute('/detected');
    await screen.findByRole('list', { name: 'Detected faces' });
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    const form = screen.getByRole('form', { name: 'Filter detections' });

    await paste(user, within(form).getByRole('textbox', { name: 'Confidence' }), '1.5');
    await user.click(within(form).getByRole('button', { name: 'Apply' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('Confidence is a number from 0 to 1, such as .95.');
    expect(within(form).getByRole('textbox', { name: 'Confidence' })).toHaveValue('1.5');

    await user.clear(within(form).getByRole('textbox', { name: 'Confidence' }));
    await paste(user, within(form).getByRole('textbox', { name: 'Confidence' }), '.9');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Confidence is' }), 'lt');
    await paste(user, within(form).getByRole('textbox', { name: 'Minimum face height (px)' }), '80px');
    await user.click(within(form).getByRole('switch', { name: 'Shapes' }));
    await user.click(within(form).getByRole('button', { name: 'Apply' }));

    await waitFor(() =>
      expect(sent(api).at(-1)).toMatchObject({
        confidence: 0.9,
        confidence_operator: 'lt',
        min_face_height: 80,
        shapes: true,
        clahe: false,
      }),
    );
    expect(screen.getByLabelText('Active filters')).toHaveTextContent('80px, < .90, Shapes');
  });

  it('the new form: results up to a New York date and time, shown like the spec', async () => {
    const api = detectedServer({ new_training_filters: true });
    const { user } = renderTrainingRoute('/detected');
    await screen.findByRole('list', { name: 'Detected faces' });
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    const form = screen.getByRole('form', { name: 'Filter detections' });
    // user-event types a time input wrongly in jsdom ('15:59'); the browser's picker sets the whole value at once.
    fireEvent.change(within(form).getByLabelText('Results up to (date)'), { target: { value: '2023-01-02' } });
    fireEvent.change(within(form).getByLabelText('Results up to (time)'), { target: { value: '15:04:05' } });
    expect(within(form).getByText('Results up to Mon, 01/02/2023, 3:04:05 pm (New York time)')).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(sent(api).at(-1)?.before).toBe('2023-01-02T20:04:05Z'));
  });
});
