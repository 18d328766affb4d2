import type { ReactNode } from 'react';
import { ActionIcon, Button, Group, NativeSelect, Tooltip } from '@mantine/core';
import { PLAYBACK_RATES } from '@vigil/contract';
import { DownloadIcon, FullscreenIcon, NextIcon, PauseIcon, PlayIcon, PreviousIcon } from './player-icons';

export interface PlayerControlsProps {
  live: boolean;
  playing: boolean;
  rate: number;
  fullscreen: boolean;
  canStep: boolean;
  onTogglePlay(): void;
  onPrevious(): void;
  onNext(): void;
  onRate(rate: number): void;
  onLongClip(): void;
  onFullscreen(): void;
  /** The time on screen, between the playback and the download controls. */
  clock?: ReactNode;
}

const RATE_OPTIONS = PLAYBACK_RATES.map((rate) => ({ value: String(rate), label: `${rate}x` }));

/** Play/pause, previous and next clip, speed, long clip and fullscreen (spec part 1 §2). */
export function PlayerControls(props: PlayerControlsProps) {
  const { live, playing, rate, fullscreen } = props;
  return (
    <Group gap="xs" justify="space-between" wrap="wrap" role="toolbar" aria-label="Player controls">
      <Group gap={6} wrap="nowrap">
        <Tooltip label="Previous clip">
          <ActionIcon variant="default" size="lg" aria-label="Previous clip" onClick={props.onPrevious} disabled={live || !props.canStep}>
            <PreviousIcon />
          </ActionIcon>
        </Tooltip>
        <Tooltip label={playing ? 'Pause' : 'Play'}>
          <ActionIcon variant="filled" size="lg" aria-label={playing ? 'Pause' : 'Play'} onClick={props.onTogglePlay}>
            {playing ? <PauseIcon /> : <PlayIcon />}
          </ActionIcon>
        </Tooltip>
        <Tooltip label="Next clip">
          <ActionIcon variant="default" size="lg" aria-label="Next clip" onClick={props.onNext} disabled={live || !props.canStep}>
            <NextIcon />
          </ActionIcon>
        </Tooltip>
        <NativeSelect
          aria-label="Speed"
          data={RATE_OPTIONS}
          value={String(rate)}
          onChange={(e) => props.onRate(Number(e.currentTarget.value))}
          disabled={live}
          w={76}
        />
      </Group>
      {props.clock}
      <Group gap={6} wrap="nowrap">
        <Button variant="default" leftSection={<DownloadIcon size={16} />} onClick={props.onLongClip}>
          Long clip
        </Button>
        <Tooltip label={fullscreen ? 'Exit fullscreen' : 'Fullscreen'}>
          <ActionIcon variant="default" size="lg" aria-label="Fullscreen" aria-pressed={fullscreen} onClick={props.onFullscreen}>
            <FullscreenIcon />
          </ActionIcon>
        </Tooltip>
      </Group>
    </Group>
  );
}
