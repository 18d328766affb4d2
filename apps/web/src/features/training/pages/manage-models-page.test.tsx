import { MODEL_MESSAGES, type Model, type Operation } from '@vigil/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Reply, stubApi, type Route } from '../../../test/api-stub';
import { renderWithProviders } from '../../../test/render';
import { trainingProgressQueryKey } from '../api/model-training-progress';
import { MODEL_TEXTS, formatModelDate, type TrainingProgress } from '../lib/model-view';
import { currentReply, identityFixture, modelFixture, trainingModelFixture } from '../lib/model.fixture';
import { ManageModelsPage } from './manage-models-page';

const DOMAIN = 'd0000000-0000-4000-8000-000000000001';
const NEWEST = trainingModelFixture('3', '2026-11-22-08-00-00', 0.25, 'Embedding faces');
const CURRENT = modelFixture('2', '2026-11-21-09-30-00', { top1_accuracy: 0.93456, top5_accuracy: 0.991 });
const OLDER = modelFixture('1', '2026-11-20-15-04-05', { top1_accuracy: 0.8, top5_accuracy: 0.95 });
const TRAINER: Operation[] = ['manage_model', 'train_model'];

function server({
  operations = TRAINER,
  models = [NEWEST, CURRENT, OLDER],
  current = currentReply(CURRENT),
  routes = {},
}: {
  operations?: Operation[];
  models?: Model[];
  current?: ReturnType<typeof currentReply>;
  routes?: Record<string, Route>;
} = {}) {
  return stubApi({
    'GET /api/v1/users/me/entitlements': () => ({ ok: true, entitlementsByDomain: { [DOMAIN]: { faces: operations } } }),
    'POST /api/v4/domains': () => ({
      domains: [{ uuid: DOMAIN, description: 'Harbor View', cameraUUIDs: [], cameras: [], preferences: {} }],
    }),
    'GET /api/v1/training/models': () => ({ ok: true, results: models }),
    'GET /api/v1/training/models/current': () => current,
    ...routes,
  });
}

const renderPage = () => renderWithProviders(<ManageModelsPage title="Manage Faces System" />, { route: '/staff/train' });
const row = (label: string) => screen.getByTestId(`model-${label}`);

describe('Manage Faces System', () => {
  it('lists the models with their dates, accuracy to two decimals and status, under the current model and a warning', async () => {
    const api = server();
    renderPage();

    expect(screen.getByRole('heading', { name: 'Manage Faces System' })).toBeInTheDocument();
    expect(await screen.findByText(`Current model: ${CURRENT.label} (created ${formatModelDate(CURRENT.label)})`)).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent(MODEL_TEXTS.warning);

    const current = await screen.findByTestId(`model-${CURRENT.label}`);
    expect(current).toHaveTextContent(formatModelDate(CURRENT.label));
    expect(within(current).getByText('93.46%')).toBeInTheDocument();
    expect(within(current).getByText('99.10%')).toBeInTheDocument();
    expect(within(current).getByText('Ready')).toBeInTheDocument();
    // Load is hidden for the current model, offered for a ready one, disabled for one still training.
    expect(within(current).queryByRole('button', { name: 'Load' })).not.toBeInTheDocument();
    expect(within(row(OLDER.label)).getByRole('button', { name: 'Load' })).toBeEnabled();
    expect(within(row(OLDER.label)).getByText('80.00%')).toBeInTheDocument();

    const training = row(NEWEST.label);
    expect(within(training).getByRole('button', { name: 'Load' })).toBeDisabled();
    expect(within(training).getByText('Training')).toBeInTheDocument();
    expect(within(training).getByRole('progressbar', { name: `Training progress ${NEWEST.label}` })).toHaveAttribute('aria-valuenow', '25');
    expect(within(training).getByText('Embedding faces')).toBeInTheDocument();
    expect(within(training).getAllByText('—')).toHaveLength(2);

    expect(api.callsTo('GET /api/v1/training/models')[0]?.query.get('domain_uuid')).toBe(DOMAIN);
    // Without view_training_progress the progress call is not made.
    expect(api.callsTo('GET /api/v1/training/progress')).toEqual([]);
  });

  it("an empty building: 'No models yet.' and no current model selected", async () => {
    server({ models: [], current: currentReply(null) });
    renderPage();
    expect(await screen.findByText(/No models yet\./)).toBeInTheDocument();
    expect(await screen.findByText(MODEL_TEXTS.noCurrent)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: MODEL_TEXTS.newTraining })).toBeInTheDocument();
  });

  it('a loaded model the analyzers do not use yet: asks to wait and refresh', async () => {
    server({ current: currentReply(CURRENT, { applied: false }) });
    renderPage();
    expect(await screen.findByText(MODEL_TEXTS.notApplied)).toBeInTheDocument();
  });

  it('Load asks the server to load the model and says to wait and refresh', async () => {
    const api = server({ routes: { 'POST /api/v1/training/models/load': () => ({ ok: true, message: 'Loaded.' }) } });
    const { user } = renderPage();

    await user.click(within(await screen.findByTestId(`model-${OLDER.label}`)).getByRole('button', { name: 'Load' }));

    expect(await screen.findByRole('status')).toHaveTextContent(MODEL_MESSAGES.loaded);
    expect(api.callsTo('POST /api/v1/training/models/load')[0]?.body).toMatchObject({ domain_uuid: DOMAIN, label: OLDER.label });
    // The header asks again for the current model.
    await waitFor(() => expect(api.callsTo('GET /api/v1/training/models/current')).toHaveLength(2));
  });

  it('a failed load shows the one failure message of the spec, and logs the reason', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    server({
      routes: { 'POST /api/v1/training/models/load': () => new Reply(409, { ok: false, error: MODEL_MESSAGES.notReady }) },
    });
    const { user } = renderPage();

    await user.click(within(await screen.findByTestId(`model-${OLDER.label}`)).getByRole('button', { name: 'Load' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(MODEL_MESSAGES.loadFailed);
    expect(screen.queryByText(MODEL_MESSAGES.loaded)).not.toBeInTheDocument();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining(MODEL_MESSAGES.notReady));
  });

  it("'New Training Process' asks 'Are you sure?', then starts one and shows the server's message", async () => {
    let started = false;
    const api = server({
      routes: {
        'POST /api/v1/training/models/train': () => {
          started = true;
          return { ok: true, message: MODEL_MESSAGES.trainingStarted };
        },
      },
    });
    const { user } = renderPage();
    await screen.findByTestId(`model-${OLDER.label}`);

    await user.click(screen.getByRole('button', { name: MODEL_TEXTS.newTraining }));
    const confirm = screen.getByRole('dialog', { name: MODEL_MESSAGES.confirmTraining });
    await user.click(within(confirm).getByRole('button', { name: 'No' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(started).toBe(false);

    await user.click(screen.getByRole('button', { name: MODEL_TEXTS.newTraining }));
    await user.click(within(screen.getByRole('dialog', { name: MODEL_MESSAGES.confirmTraining })).getByRole('button', { name: 'Yes' }));

    expect(await screen.findByRole('status')).toHaveTextContent(MODEL_MESSAGES.trainingStarted);
    expect(api.callsTo('POST /api/v1/training/models/train')[0]?.body).toMatchObject({ domain_uuid: DOMAIN });
    // The list reloads to show the new model.
    await waitFor(() => expect(api.callsTo('GET /api/v1/training/models')).toHaveLength(2));
  });

  it("a refused training shows the server's reason", async () => {
    server({
      routes: { 'POST /api/v1/training/models/train': () => new Reply(409, { ok: false, error: MODEL_MESSAGES.alreadyTraining }) },
    });
    const { user } = renderPage();
    await screen.findByTestId(`model-${OLDER.label}`);

    await user.click(screen.getByRole('button', { name: MODEL_TEXTS.newTraining }));
    await user.click(within(screen.getByRole('dialog', { name: MODEL_MESSAGES.confirmTraining })).getByRole('button', { name: 'Yes' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(MODEL_MESSAGES.alreadyTraining);
  });

  it('with view_training_progress: a progress bar while training runs, and the list reloads when it ends', async () => {
    let progress: TrainingProgress = { ok: true, running: true, label: NEWEST.label, progress: 0.6, message: 'Fitting the classifier' };
    const api = server({
      operations: [...TRAINER, 'view_training_progress'],
      routes: { 'GET /api/v1/training/progress': () => progress },
    });
    const { queryClient } = renderPage();

    const panel = await screen.findByRole('status', { name: 'Training progress' });
    expect(panel).toHaveTextContent(`Training ${NEWEST.label}`);
    expect(panel).toHaveTextContent('60%');
    expect(panel).toHaveTextContent('Fitting the classifier');
    // The row shows the polled progress, not the list's older figure.
    expect(within(row(NEWEST.label)).getByRole('progressbar', { name: `Training progress ${NEWEST.label}` })).toHaveAttribute(
      'aria-valuenow',
      '60',
    );

    progress = { ok: true, running: false, label: null, progress: 0, message: null };
    await act(() => queryClient.refetchQueries({ queryKey: trainingProgressQueryKey(DOMAIN) }));

    await waitFor(() => expect(screen.queryByRole('status', { name: 'Training progress' })).not.toBeInTheDocument());
    await waitFor(() => expect(api.callsTo('GET /api/v1/training/models')).toHaveLength(2));
  });

  it('the info button opens the model details, whose load model loads it', async () => {
    server({
      routes: {
        [`GET /api/v1/training/models/${OLDER.label}/identities`]: () => ({
          ok: true,
          identities: [identityFixture('1', 'Margaret Hill')],
        }),
        'POST /api/v1/training/models/load': () => ({ ok: true, message: 'Loaded.' }),
      },
    });
    const { user } = renderPage();

    await user.click(await screen.findByRole('button', { name: `Model details ${OLDER.label}` }));
    const details = screen.getByRole('dialog', { name: /^Date created/ });
    expect(await within(details).findByText('Margaret Hill')).toBeInTheDocument();

    await user.click(within(details).getByRole('button', { name: 'load model' }));
    expect(await screen.findByRole('status')).toHaveTextContent(MODEL_MESSAGES.loaded);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('without train_model the page names the missing operation and asks for nothing else', async () => {
    const api = server({ operations: ['manage_model'] });
    renderPage();

    expect(await screen.findByRole('alert')).toHaveTextContent(MODEL_TEXTS.missingTrainModel);
    expect(screen.queryByRole('button', { name: MODEL_TEXTS.newTraining })).not.toBeInTheDocument();
    expect(api.calls.filter((call) => call.path.startsWith('/api/v1/training'))).toEqual([]);
  });
});
