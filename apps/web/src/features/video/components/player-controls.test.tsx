import { PLAYBACK_RATES } from '@vigil/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { PlayerControls, type PlayerControlsProps } from './player-controls';

function renderControls(props: Partial<PlayerControlsProps> = {}) {
  const handlers = {
    onTogglePlay: vi.fn(),
    onPrevious: vi.fn(),
    onNext: vi.fn(),
    onRate: vi.fn(),
    onLongClip: vi.fn(),
    onFullscreen: vi.fn(),
  };
  const rendered = renderWithProviders(
    <PlayerControls live={false} playing rate={1} fullscreen={false} canStep {...handlers} {...props} />,
  );
  return { ...rendered, ...handlers, toolbar: screen.getByRole('toolbar', { name: 'Player controls' }) };
}

describe('player controls', () => {
  it('archive: previous and next clip, pause, speed, long clip and fullscreen, each doing its one thing', async () => {
    const { toolbar, user, ...on } = renderControls();

    await user.click(within(toolbar).getByRole('button', { name: 'Previous clip' }));
    await user.click(within(toolbar).getByRole('button', { name: 'Next clip' }));
    await user.click(within(toolbar).getByRole('button', { name: 'Pause' }));
    await user.selectOptions(within(toolbar).getByRole('combobox', { name: 'Speed' }), '2x');
    await user.click(within(toolbar).getByRole('button', { name: 'Long clip' }));
    await user.click(within(toolbar).getByRole('button', { name: 'Fullscreen' }));

    expect(on.onPrevious).toHaveBeenCalledOnce();
    expect(on.onNext).toHaveBeenCalledOnce();
    expect(on.onTogglePlay).toHaveBeenCalledOnce();
    expect(on.onRate).toHaveBeenCalledWith(2);
    expect(on.onLongClip).toHaveBeenCalledOnce();
    expect(on.onFullscreen).toHaveBeenCalledOnce();
  });

  it('offers the spec speeds, the current one chosen', () => {
    const { toolbar } = renderControls({ rate: 1.5 });
    const speed = within(toolbar).getByRole('combobox', { name: 'Speed' });
    expect(
      within(speed)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(PLAYBACK_RATES.map((rate) => `${rate}x`));
    expect(speed).toHaveValue('1.5');
  });

  it('live: no clip stepping and no speed, but pause, long clip and fullscreen', () => {
    const { toolbar } = renderControls({ live: true });
    expect(within(toolbar).getByRole('button', { name: 'Previous clip' })).toBeDisabled();
    expect(within(toolbar).getByRole('button', { name: 'Next clip' })).toBeDisabled();
    expect(within(toolbar).getByRole('combobox', { name: 'Speed' })).toBeDisabled();
    expect(within(toolbar).getByRole('button', { name: 'Pause' })).toBeEnabled();
    expect(within(toolbar).getByRole('button', { name: 'Long clip' })).toBeEnabled();
    expect(within(toolbar).getByRole('button', { name: 'Fullscreen' })).toBeEnabled();
  });

  it('before the first clip is found there is nothing to step to', () => {
    const { toolbar } = renderControls({ canStep: false });
    expect(within(toolbar).getByRole('button', { name: 'Previous clip' })).toBeDisabled();
    expect(within(toolbar).getByRole('button', { name: 'Next clip' })).toBeDisabled();
  });

  it('says Play while paused, and whether fullscreen is on', () => {
    renderControls({ playing: false, fullscreen: true });
    expect(screen.getByRole('button', { name: 'Play' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pause' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Fullscreen' })).toHaveAttribute('aria-pressed', 'true');
  });
});
