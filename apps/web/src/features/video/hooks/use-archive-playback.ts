import { reportClientError } from '../../../lib/client-errors';
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import type { Clip } from '@vigil/contract';
import { currentApiHost } from '../../../lib/api-host';
import { createStore, useStore, type Store } from '../../../lib/store';
import { fetchClipStart } from '../api/fetch-clip-start';
import { getClip } from '../api/get-clip';
import { getClips } from '../api/get-clips';
import { ArchiveController, IDLE_ARCHIVE, type ArchiveApi, type ArchiveState } from '../lib/archive-controller';
import { playbackTimeMs } from '../lib/archive-playlist';
import { ClipPrefetch, canPrefetch } from '../lib/clip-prefetch';
import { EarlyClipRequest } from '../lib/early-clip-request';
import { resolveMediaUrl } from '../../../lib/media-url';

/** Clip requests sent from the user's action, ahead of the route change (one viewer is on screen at a time). */
const early = new EarlyClipRequest(getClip);
const api: ArchiveApi = { getClip: (cameraId, at) => early.take(cameraId, at) ?? getClip(cameraId, at), getClips };

/** A moment to play, from the URL; a new `key` means "go there", even to the same moment. */
export interface ArchiveRequest {
  at: Date;
  key: string;
}

function showClip(video: HTMLVideoElement, clip: Clip, offsetSeconds: number): void {
  const url = resolveMediaUrl(clip.pre_signed_url, currentApiHost());
  if (video.dataset.clipUrl === url && video.readyState > 0) {
    video.currentTime = offsetSeconds;
    return;
  }
  video.dataset.clipUrl = url;
  // A media fragment starts the clip at the offset without waiting for its metadata.
  video.src = offsetSeconds > 0 ? `${url}#t=${offsetSeconds.toFixed(3)}` : url;
  // A new source pauses the element until autoplay sees enough data; asking now plays from the first frame decoded.
  if (video.autoplay) void video.play().catch(() => undefined);
}

export interface ArchivePlayback {
  state: ArchiveState;
  /** Wall-clock time of the frame on screen (epoch ms), null before the first clip. */
  time: Store<number | null>;
  next(): void;
  previous(): void;
  /** Asks now for the clip of a moment the viewer is about to go to through the URL (which takes a few frames). */
  prepare(cameraId: string, at: Date): void;
}

/** Recorded playback of a camera into the <video>, while `request` is set (archive mode). */
export function useArchivePlayback(
  videoRef: RefObject<HTMLVideoElement | null>,
  cameraId: string,
  request: ArchiveRequest | null,
): ArchivePlayback {
  const [store] = useState(() => createStore<ArchiveState>(IDLE_ARCHIVE));
  const [time] = useState(() => createStore<number | null>(null));
  const controllerRef = useRef<ArchiveController | null>(null);
  const active = request !== null;

  useEffect(() => {
    const video = videoRef.current;
    if (!active || !video) return;
    store.set(IDLE_ARCHIVE);
    const prefetch = new ClipPrefetch(fetchClipStart);
    const show = (clip: Clip, offset: number) => {
      prefetch.release(resolveMediaUrl(clip.pre_signed_url, currentApiHost()));
      showClip(video, clip, offset);
    };
    const controller = new ArchiveController(cameraId, api, { show }, store);
    controllerRef.current = controller;
    const onEnded = () => controller.next();
    const onTime = () => {
      const clip = controller.currentClip;
      if (clip) time.set(playbackTimeMs(clip, video.currentTime));
    };
    const reloaded = new Set<string>();
    const onError = () => {
      console.warn('Recorded video: the player could not load the clip', video.error?.message ?? video.error?.code);
      reportClientError(
        'player',
        `Recorded video: the player could not load a clip of camera ${cameraId}`,
        video.error?.message || `code ${video.error?.code}`,
      );
      // A signed link may have expired while the page was open: fetch fresh links, once per clip.
      const clip = controller.currentClip;
      if (!clip || reloaded.has(clip.pre_signed_url)) return;
      reloaded.add(clip.pre_signed_url);
      delete video.dataset.clipUrl;
      controller.reload(new Date(time.get() ?? playbackTimeMs(clip, 0)));
    };
    // The next clip's first bytes, once the clip on screen shows its first frame (so the two never compete).
    const prefetchNext = () => {
      const { clips, index } = store.get();
      const current = clips[index];
      const next = clips[index + 1];
      if (!current || !next || video.readyState < HTMLMediaElement.HAVE_CURRENT_DATA) return;
      if (video.dataset.clipUrl !== resolveMediaUrl(current.pre_signed_url, currentApiHost())) return;
      const url = resolveMediaUrl(next.pre_signed_url, currentApiHost());
      if (canPrefetch(url, location.href)) prefetch.prefetch(url);
    };
    const stopWatchingPlaylist = store.subscribe(prefetchNext);
    video.addEventListener('ended', onEnded);
    video.addEventListener('timeupdate', onTime);
    video.addEventListener('error', onError);
    video.addEventListener('loadeddata', prefetchNext);
    return () => {
      controller.halt();
      controllerRef.current = null;
      prefetch.stop();
      stopWatchingPlaylist();
      video.removeEventListener('ended', onEnded);
      video.removeEventListener('timeupdate', onTime);
      video.removeEventListener('error', onError);
      video.removeEventListener('loadeddata', prefetchNext);
      delete video.dataset.clipUrl;
      video.removeAttribute('src');
      video.load();
      time.set(null);
    };
  }, [active, cameraId, store, time, videoRef]);

  useEffect(() => {
    if (!request) return;
    time.set(request.at.getTime());
    controllerRef.current?.seek(request.at);
  }, [request, time]);

  const prepare = useCallback(
    (camera: string, at: Date) => {
      if (camera !== cameraId || !controllerRef.current?.holds(at)) early.start(camera, at);
    },
    [cameraId],
  );

  return {
    state: useStore(store),
    time,
    next: () => controllerRef.current?.next(),
    previous: () => controllerRef.current?.previous(),
    prepare,
  };
}
