import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { formatModelDate } from '../lib/model-view';
import { modelFixture, trainingModelFixture } from '../lib/model.fixture';
import { ModelList, type ModelListProps } from './model-list';

const CURRENT = modelFixture('2', '2026-11-21-09-30-00', { top1_accuracy: 0.93456, top5_accuracy: 0.991 });
const OLDER = modelFixture('1', '2026-11-20-15-04-05');
const FAILED = modelFixture('3', '2026-11-22-08-00-00', { status: 'failed', message: 'Only one person has tags.', top1_accuracy: null });

function renderList(overrides: Partial<ModelListProps> = {}) {
  const props: ModelListProps = {
    models: [FAILED, CURRENT, OLDER],
    currentLabel: CURRENT.label,
    loadingLabel: null,
    stacked: false,
    onDetails: vi.fn(),
    onLoad: vi.fn(),
    ...overrides,
  };
  return { ...renderWithProviders(<ModelList {...props} />), props };
}

describe('model list', () => {
  it('a table on wide screens: a row per model, Load for ready models but the current one', async () => {
    const { user, props } = renderList();
    const table = screen.getByRole('table', { name: 'Models' });
    expect(within(table).getAllByRole('row')).toHaveLength(4);

    const failed = screen.getByTestId(`model-${FAILED.label}`);
    expect(within(failed).getByText('Failed')).toBeInTheDocument();
    expect(within(failed).getByText('Only one person has tags.')).toBeInTheDocument();
    expect(within(failed).getByRole('button', { name: 'Load' })).toBeDisabled();

    expect(within(screen.getByTestId(`model-${CURRENT.label}`)).queryByRole('button', { name: 'Load' })).not.toBeInTheDocument();
    expect(within(screen.getByTestId(`model-${CURRENT.label}`)).getByText('Current')).toBeInTheDocument();

    await user.click(within(screen.getByTestId(`model-${OLDER.label}`)).getByRole('button', { name: 'Load' }));
    expect(props.onLoad).toHaveBeenCalledWith(OLDER);
    await user.click(screen.getByRole('button', { name: `Model details ${CURRENT.label}` }));
    expect(props.onDetails).toHaveBeenCalledWith(CURRENT);
  });

  it('stacked cards at phone width, with the same figures', () => {
    renderList({ stacked: true });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const cards = within(screen.getByRole('list', { name: 'Models' })).getAllByRole('listitem');
    expect(cards).toHaveLength(3);
    const current = screen.getByTestId(`model-${CURRENT.label}`);
    expect(current).toHaveTextContent(formatModelDate(CURRENT.label));
    expect(within(current).getByText('93.46%')).toBeInTheDocument();
    expect(within(current).getByText('99.10%')).toBeInTheDocument();
  });

  it('a model being loaded shows it on its button and holds the others', () => {
    const training = trainingModelFixture('4', '2026-11-23-08-00-00', 0.5);
    renderList({ models: [training, CURRENT, OLDER, modelFixture('5', '2026-11-19-08-00-00')], loadingLabel: OLDER.label });
    expect(within(screen.getByTestId(`model-${OLDER.label}`)).getByRole('button', { name: 'Load' })).toHaveAttribute('data-loading');
    expect(within(screen.getByTestId('model-2026-11-19-08-00-00')).getByRole('button', { name: 'Load' })).toBeDisabled();
  });

  it("no models: 'No models yet.'", () => {
    renderList({ models: [] });
    expect(screen.getByText(/^No models yet\./)).toBeInTheDocument();
  });
});
