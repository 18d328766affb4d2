import { reportClientError } from '../../../lib/client-errors';
import { useEffect, useEffectEvent, useState, type RefObject } from 'react';
import type Hls from 'hls.js';
import { currentApiHost } from '../../../lib/api-host';
import { createStore, useStore } from '../../../lib/store';
import { renewLiveStream } from '../api/renew-live-stream';
import { startLiveStream } from '../api/start-live-stream';
import { startTestStream } from '../api/start-test-stream';
import { startLiveLease } from '../lib/live-lease';
import { resolveMediaUrl } from '../../../lib/media-url';
import { liveStreamSocketUrl } from '@vigil/contract';
import { LowLatencyPlayer, canPlayLowLatency } from '../lib/mse-live-player';

export type LiveStatus = 'idle' | 'starting' | 'live';

const HLS_MIME = 'application/vnd.apple.mpegurl';
/** The first segments of a new lease may take a moment: allow a few quick retries of the playlist. */
const PLAYLIST_RETRY = { maxNumRetry: 6, retryDelayMs: 500, maxRetryDelayMs: 2000, backoff: 'linear' as const };

async function attachStream(video: HTMLVideoElement, url: string, onFatal: (error: unknown) => void): Promise<Hls | null> {
  const { default: HlsPlayer } = await import('hls.js/light');
  if (HlsPlayer.isSupported()) {
    const hls = new HlsPlayer({
      debug: false,
      backBufferLength: 30,
      liveSyncDurationCount: 3,
      manifestLoadPolicy: {
        default: { maxTimeToFirstByteMs: 10_000, maxLoadTimeMs: 20_000, timeoutRetry: PLAYLIST_RETRY, errorRetry: PLAYLIST_RETRY },
      },
    });
    let recoveries = 0;
    hls.on(HlsPlayer.Events.ERROR, (_event, data) => {
      if (!data.fatal) return;
      recoveries += 1;
      if (recoveries <= 2 && data.type === HlsPlayer.ErrorTypes.MEDIA_ERROR) hls.recoverMediaError();
      else if (recoveries <= 2 && data.type === HlsPlayer.ErrorTypes.NETWORK_ERROR) hls.startLoad();
      else onFatal(new Error(`HLS ${data.type}: ${data.details}`));
    });
    hls.loadSource(url);
    hls.attachMedia(video);
    return hls;
  }
  if (video.canPlayType(HLS_MIME)) {
    video.src = url;
    return null;
  }
  onFatal(new Error('This browser cannot play live video (no HLS support).'));
  return null;
}

/** Which way live video reaches the element, on `data-transport` (tests and benchmarks read it). */
export type LiveTransport = 'mse' | 'hls';

/**
 * Live video of a camera while `active`: lease a stream, keep it alive with heartbeats, play its low-latency stream
 * (fragmented MP4 over WebSocket into MSE) where the browser can, else or when that fails its HLS playlist with hls.js
 * (or natively); stop everything on deactivation. A failure of both is logged and reported once; with the HLS
 * test-stream fallback flag on, the server's test stream plays then (spec part 1 §4), and only its failure falls back.
 */
export function useLiveVideo(
  videoRef: RefObject<HTMLVideoElement | null>,
  cameraId: string,
  active: boolean,
  onFailure: () => void,
  testStreamFallback = false,
): { status: LiveStatus; testStream: boolean } {
  const [statusStore] = useState(() => createStore<LiveStatus>('idle'));
  const [testStreamStore] = useState(() => createStore(false));
  const fail = useEffectEvent((error: unknown) => {
    console.warn('Live video failed; falling back to recorded video', error);
    reportClientError('live', `Live video of camera ${cameraId} failed; fell back to recorded video`, error);
    onFailure();
  });
  const fallBackToTestStream = useEffectEvent((error: unknown): boolean => {
    if (!testStreamFallback) return false;
    console.warn('Live video failed; playing the test stream', error);
    reportClientError('live', `Live video of camera ${cameraId} failed; played the test stream`, error);
    return true;
  });

  useEffect(() => {
    const video = videoRef.current;
    if (!active || !video) return;
    let disposed = false;
    let hls: Hls | null = null;
    let lowLatency: LowLatencyPlayer | null = null;
    let onTestStream = false;
    const setTransport = (transport: LiveTransport | null) => {
      if (transport) video.dataset.transport = transport;
      else delete video.dataset.transport;
    };
    statusStore.set('starting');
    const onPlaying = () => statusStore.set('live');
    video.addEventListener('playing', onPlaying);
    const resetVideo = () => {
      delete video.dataset.streamEpoch;
      video.removeAttribute('src');
      video.load();
    };
    const play = (url: string, onFatal: (error: unknown) => void) => {
      setTransport('hls');
      void attachStream(video, resolveMediaUrl(url, currentApiHost()), (error) => {
        if (!disposed) onFatal(error);
      }).then((player) => {
        if (disposed) player?.destroy();
        else hls = player;
      });
    };
    const giveUp = (error: unknown) => {
      if (disposed) return;
      disposed = true;
      lease.stop();
      fail(error);
    };
    /** Live failed: the test stream when the flag says so (once), else recorded video. */
    const liveFailed = (error: unknown) => {
      if (disposed) return;
      lease.stop();
      if (onTestStream || !fallBackToTestStream(error)) return giveUp(error);
      onTestStream = true;
      hls?.destroy();
      hls = null;
      lowLatency?.destroy();
      lowLatency = null;
      resetVideo();
      statusStore.set('starting');
      startTestStream().then((reply) => {
        if (disposed) return;
        testStreamStore.set(true);
        play(reply.url, giveUp);
      }, giveUp);
    };

    const lease = startLiveLease(
      cameraId,
      { start: startLiveStream, renew: renewLiveStream },
      {
        onStream: (url, streamUrl) => {
          hls?.destroy();
          hls = null;
          lowLatency?.destroy();
          lowLatency = null;
          const playHls = () => play(url, liveFailed);
          if (!streamUrl || !canPlayLowLatency()) return playHls();
          setTransport('mse');
          lowLatency = new LowLatencyPlayer(
            video,
            liveStreamSocketUrl(resolveMediaUrl(streamUrl, currentApiHost()), window.location.href),
            {
              onInit: (init) => (video.dataset.streamEpoch = String(init.epoch_ms)),
              onFail: (error) => {
                if (disposed) return;
                console.warn('Live video: the low-latency stream failed; playing HLS instead', error);
                lowLatency = null;
                resetVideo();
                playHls();
              },
            },
          );
        },
        onFailure: liveFailed,
      },
    );

    return () => {
      disposed = true;
      lease.stop();
      hls?.destroy();
      lowLatency?.destroy();
      setTransport(null);
      video.removeEventListener('playing', onPlaying);
      resetVideo();
      statusStore.set('idle');
      testStreamStore.set(false);
    };
  }, [active, cameraId, statusStore, testStreamStore, videoRef]);

  return { status: useStore(statusStore), testStream: useStore(testStreamStore) };
}
