import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../test/api-stub';
import { renderWithProviders } from '../../../test/render';
import { formatModelDate } from '../lib/model-view';
import { identityFixture, modelFixture } from '../lib/model.fixture';
import { ModelDetailsModal } from './model-details-modal';

const DOMAIN = 'd0000000-0000-4000-8000-000000000001';
const MODEL = modelFixture('1', '2026-11-20-15-04-05', {
  top1_accuracy: 0.93456,
  top5_accuracy: 0.99,
  false_accept_rate: 0.0123,
  threshold: 0.62,
});

const IDENTITIES = [
  identityFixture('1', 'Margaret Hill', { category: 'resident', num_tags_validation: 6, num_tags_training: 24, f1_score: 0.92 }),
  identityFixture('2', 'John Baker', { category: 'employee', num_tags_validation: 3, num_tags_training: 12, f1_score: 0.7 }),
  identityFixture('3', 'Rosa Diaz', { category: 'family', num_tags_validation: 2, num_tags_training: 8, f1_score: 0.4 }),
  identityFixture('4', 'Ada Moore', { category: 'resident', num_tags_validation: 0, num_tags_training: 1, f1_score: null }),
];

function renderModal({ isCurrent = false } = {}) {
  const api = stubApi({
    [`GET /api/v1/training/models/${MODEL.label}/identities`]: () => ({ ok: true, identities: IDENTITIES }),
  });
  const onLoad = vi.fn();
  const onClose = vi.fn();
  const rendered = renderWithProviders(
    <ModelDetailsModal
      domainId={DOMAIN}
      model={MODEL}
      isCurrent={isCurrent}
      loading={false}
      fullScreen={false}
      onLoad={onLoad}
      onClose={onClose}
    />,
  );
  return { ...rendered, api, onLoad, onClose, dialog: screen.getByRole('dialog', { name: /^Date created/ }) };
}

/** The row of the identities table that names `name`. */
const identityRow = (dialog: HTMLElement, name: string) => within(dialog).getByRole('row', { name: new RegExp(`^${name}`) });

describe('model details', () => {
  it("titled 'Date created' with the date and label, and the model's figures", () => {
    const { dialog } = renderModal();
    expect(dialog).toHaveAccessibleName(`Date created ${formatModelDate(MODEL.label)} (${MODEL.label})`);
    expect(within(dialog).getByText('Top one accuracy').nextSibling).toHaveTextContent('93.46%');
    expect(within(dialog).getByText('Top five accuracy').nextSibling).toHaveTextContent('99.00%');
    expect(within(dialog).getByText('False accept rate').nextSibling).toHaveTextContent('1.23%');
    expect(within(dialog).getByText('Threshold').nextSibling).toHaveTextContent('0.62');
  });

  it("lists the identities with category, 'validation/training' tags and an F1 bar coloured green, yellow or red", async () => {
    const { dialog, api } = renderModal();
    await within(dialog).findByText('Margaret Hill');
    expect(api.calls[0]?.query.get('domain_uuid')).toBe(DOMAIN);

    const margaret = identityRow(dialog, 'Margaret Hill');
    expect(margaret).toHaveTextContent('resident');
    expect(within(margaret).getByText('6/24')).toBeInTheDocument();
    expect(within(margaret).getByText('0.92')).toBeInTheDocument();
    expect(within(margaret).queryByText('Needs Training')).not.toBeInTheDocument();

    const bar = (name: string) => within(dialog).getByRole('progressbar', { name: `F1 score ${name}` });
    expect(bar('Margaret Hill')).toHaveAttribute('aria-valuenow', '92');
    expect(bar('Margaret Hill').getAttribute('style')).toContain('--mantine-color-green');
    expect(bar('John Baker').getAttribute('style')).toContain('--mantine-color-yellow');
    expect(bar('Rosa Diaz').getAttribute('style')).toContain('--mantine-color-red');
    expect(within(identityRow(dialog, 'John Baker')).getByText('3/12')).toBeInTheDocument();
    expect(within(identityRow(dialog, 'John Baker')).getByText('Needs Training')).toBeInTheDocument();

    // No held-out tag: no F1 to show, and 1 tag is short of the 20 that count as well trained.
    const ada = identityRow(dialog, 'Ada Moore');
    expect(within(ada).getByText('0/1')).toBeInTheDocument();
    expect(within(ada).getByText('—')).toBeInTheDocument();
    expect(within(ada).queryByRole('progressbar')).not.toBeInTheDocument();
    expect(within(ada).getByText('Needs Training')).toBeInTheDocument();
  });

  it("'cancel' closes and 'load model' loads", async () => {
    const { dialog, user, onLoad, onClose } = renderModal();
    await user.click(within(dialog).getByRole('button', { name: 'load model' }));
    expect(onLoad).toHaveBeenCalledWith(MODEL);
    await user.click(within(dialog).getByRole('button', { name: 'cancel' }));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it("no 'load model' for the current model", () => {
    const { dialog } = renderModal({ isCurrent: true });
    expect(within(dialog).queryByRole('button', { name: 'load model' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'cancel' })).toBeInTheDocument();
  });
});
