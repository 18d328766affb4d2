import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Badge, Box, Group, Paper, Stack, Switch, Text } from '@mantine/core';
import { ARCHIVE, formatUtc, parseViewerTimestamp, type Camera } from '@vigil/contract';
import { useParams } from 'react-router';
import { useFlag } from '../../../lib/flags';
import { formatTimelineInstant } from '../../../lib/format-instant';
import { createStore, useStore, type Store } from '../../../lib/store';
import { startInterval } from '../../../lib/timers';
import { viewerPath } from '../../../lib/viewer-path';
import { useArchivePlayback } from '../hooks/use-archive-playback';
import { useFullscreen } from '../hooks/use-fullscreen';
import { useLiveVideo } from '../hooks/use-live-video';
import { useViewerNavigation, type ViewerRequest } from '../hooks/use-viewer-request';
import { clipEndMs, clipStartMs } from '../lib/archive-playlist';
import { CameraPicker } from './camera-picker';
import { LongClipDialog } from './long-clip-dialog';
import { MomentInputs } from './moment-inputs';
import { PlayerControls } from './player-controls';
import { PlayerStatus, TestStreamBanner } from './player-status';
import { Timeline } from './timeline';

const oneMinuteAgo = (): Date => new Date(Date.now() - ARCHIVE.defaultAgoSeconds * 1000);

/** The time on screen, ticking without re-rendering the whole viewer. */
function PlaybackClock({ time, live, testStream }: { time: Store<number | null>; live: boolean; testStream: boolean }) {
  const t = useStore(time);
  return (
    <Group gap={6} wrap="nowrap">
      {live && (
        <Badge color={testStream ? 'yellow' : 'red'} variant="filled" size="sm">
          {testStream ? 'Test stream' : 'Live'}
        </Badge>
      )}
      <Text size="sm" c="dimmed" aria-live="off" data-testid="playback-time">
        {t === null ? '' : formatTimelineInstant(t)}
      </Text>
    </Group>
  );
}

/** One camera's viewer: picker, live/archive, player, controls and timeline (spec part 1 §2, §4). */
export function VideoStage({
  cameras,
  cameraId,
  request,
  canViewLive,
}: {
  cameras: readonly Camera[];
  cameraId: string;
  request: ViewerRequest;
  canViewLive: boolean;
}) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const playerRef = useRef<HTMLDivElement>(null);
  const params = useParams();
  const nav = useViewerNavigation();
  const live = request.moment.mode === 'live';
  const archiveRequest = useMemo(
    () => (request.moment.mode === 'archive' ? { at: request.moment.at, key: request.key } : null),
    [request.moment, request.key],
  );

  const archive = useArchivePlayback(videoRef, cameraId, archiveRequest);
  const { prepare } = archive;
  // A new archive moment: its clip is asked for now, while the route changes.
  const goArchive = useCallback(
    (camera: string, at: Date, options?: { push?: boolean }) => {
      const moment = formatUtc(at);
      prepare(camera, new Date(moment));
      nav.go(viewerPath(camera, moment), options);
    },
    [nav, prepare],
  );
  const fallBackToArchive = useCallback(() => goArchive(cameraId, oneMinuteAgo()), [goArchive, cameraId]);
  const testStreamFallback = useFlag('hls_test_stream_fallback');
  const { status: liveStatus, testStream } = useLiveVideo(videoRef, cameraId, live, fallBackToArchive, testStreamFallback);
  const [playing, setPlaying] = useState(true);
  const [rate, setRate] = useState(1);
  const [longClipOpen, setLongClipOpen] = useState(false);
  // The switch shows the choice at once; the URL (and with it the mode) follows a moment later.
  const [liveChoice, setLiveChoice] = useState<{ key: string; live: boolean } | null>(null);
  const liveChecked = liveChoice?.key === request.key ? liveChoice.live : live;
  const fullscreen = useFullscreen(playerRef);

  // Live: the cursor is now, ticking each second.
  const [liveClock] = useState(() => createStore<number | null>(null));
  useEffect(() => {
    if (!live) return;
    liveClock.set(Date.now());
    return startInterval(() => liveClock.set(Date.now()), 1000);
  }, [live, liveClock]);
  const time = live ? liveClock : archive.time;

  // Keep the URL in step with the clip playing (replace, once per clip). A request's first clip is
  // already named by the URL; later clips (next, previous, the one after) are written as they start.
  const clip = archive.state.clips[archive.state.index];
  const clipStart = clip ? clipStartMs(clip) : null;
  const clipEnd = clip ? clipEndMs(clip) : null;
  const requestedMs = archiveRequest?.at.getTime() ?? null;
  const lastClip = useRef<{ key: string; start: number } | null>(null);
  useEffect(() => {
    if (live || clipStart === null || clipEnd === null) return;
    const last = lastClip.current;
    const first = !last || last.key !== request.key;
    const holdsRequest = requestedMs !== null && requestedMs >= clipStart && requestedMs < clipEnd;
    // A new request while the previous request's clip is still on screen: wait for the request's own clip.
    if (first && last && last.start === clipStart && !holdsRequest) return;
    lastClip.current = { key: request.key, start: clipStart };
    // The first clip is skipped unless the server answered with a later one (a gap in the recording).
    if (first && holdsRequest) return;
    if (!first && last.start === clipStart) return;
    // URLs hold whole seconds; rounding up keeps the written moment inside this clip.
    nav.follow(viewerPath(cameraId, formatUtc(new Date(Math.ceil(clipStart / 1000) * 1000))));
  }, [live, clipStart, clipEnd, requestedMs, request.key, cameraId, nav]);

  // Parsed against the epoch, an unreadable URL moment falls back to -60 s: treat that as none.
  const urlTime = live ? null : parseViewerTimestamp(params.timestamp, new Date(0), false);
  const urlMs = urlTime?.mode === 'archive' && urlTime.at.getTime() !== -60_000 ? urlTime.at.getTime() : null;

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    video.defaultPlaybackRate = live ? 1 : rate;
    video.playbackRate = live ? 1 : rate;
  }, [rate, live]);

  // Whether to play is the user's choice; a new clip or stream resumes playing unless they paused.
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    const resume = () => {
      // An ended clip waits for the next one; playing it again would restart it.
      if (playing && video.paused && !video.ended) void video.play().catch(() => undefined);
    };
    video.addEventListener('canplay', resume);
    if (playing) resume();
    else video.pause();
    return () => video.removeEventListener('canplay', resume);
  }, [playing]);

  const go = (at: number) => {
    // The future has no recording yet: a click there plays one minute ago.
    goArchive(cameraId, at > Date.now() ? oneMinuteAgo() : new Date(at));
  };
  const applyMoment = useCallback((at: Date) => goArchive(cameraId, at), [goArchive, cameraId]);

  const chooseCamera = (next: string) => {
    const t = time.get();
    if (live) nav.go(viewerPath(next, 'live'), { push: true });
    else goArchive(next, new Date(t ?? Date.now() - 60_000), { push: true });
  };

  const togglePlay = () => {
    const video = videoRef.current;
    const next = !playing;
    setPlaying(next);
    // Pausing writes where playback stopped, so a reload resumes there. The video stops at the click, not a render
    // later, and the moment is read once it has: pausing fires 'timeupdate' (which moves `time`) before 'pause'.
    if (!next && !live && video) {
      const write = () => {
        const t = time.get();
        if (t !== null) nav.follow(viewerPath(cameraId, formatUtc(new Date(t))));
      };
      if (video.paused) write();
      else {
        video.addEventListener('pause', write, { once: true });
        video.pause();
      }
    }
  };

  const inputValue = urlMs !== null ? new Date(urlMs) : (archiveRequest?.at ?? null);

  return (
    <Stack gap="sm">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <CameraPicker cameras={cameras} value={cameraId} onChange={chooseCamera} />
        {canViewLive && (
          <Switch
            label="Live"
            checked={liveChecked}
            onChange={(e) => {
              const next = e.currentTarget.checked;
              setLiveChoice({ key: request.key, live: next });
              if (next) nav.go(viewerPath(cameraId, 'live'));
              else goArchive(cameraId, oneMinuteAgo());
            }}
            size="md"
            mb={6}
            // The transparent input sits on top, so a click lands on the control itself (people and tests alike).
            styles={{ input: { zIndex: 1, cursor: 'pointer' } }}
          />
        )}
        {!live && inputValue && <MomentInputs value={inputValue} onApply={applyMoment} />}
      </Group>

      {live && testStream && <TestStreamBanner />}
      <Paper ref={playerRef} withBorder radius="md" p={0} style={{ overflow: 'hidden' }} bg="black">
        <Box
          pos="relative"
          mx="auto"
          style={
            fullscreen.active
              ? { height: 'calc(100vh - 64px)' }
              : { aspectRatio: '16 / 9', maxHeight: 'max(200px, calc(100vh - 350px))', maxWidth: '100%', minHeight: 180 }
          }
        >
          <video
            ref={videoRef}
            aria-label="Camera video"
            muted
            autoPlay={playing}
            playsInline
            style={{ width: '100%', height: '100%', display: 'block', objectFit: 'contain', background: '#000' }}
          />
          <PlayerStatus live={live} liveStatus={liveStatus} archive={archive.state} />
        </Box>
        <Box p="xs" bg="var(--mantine-color-body)">
          <PlayerControls
            live={live}
            playing={playing}
            rate={rate}
            fullscreen={fullscreen.active}
            canStep={archive.state.index >= 0}
            onTogglePlay={togglePlay}
            onPrevious={archive.previous}
            onNext={archive.next}
            onRate={setRate}
            onLongClip={() => setLongClipOpen(true)}
            onFullscreen={fullscreen.toggle}
            clock={<PlaybackClock time={time} live={live} testStream={testStream} />}
          />
        </Box>
      </Paper>

      <Timeline cameraId={cameraId} cursor={time} focus={archiveRequest ? archiveRequest.at.getTime() : null} onSeek={go} />
      {longClipOpen && <LongClipDialog cameraId={cameraId} anchor={time.get()} onClose={() => setLongClipOpen(false)} />}
    </Stack>
  );
}
