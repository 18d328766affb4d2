import { reportClientError } from '../../../lib/client-errors';
import { useEffect, useRef, useState, type RefObject } from 'react';
import type { Clip } from '@vigil/contract';
import { BUILD_INFO } from '../../../lib/build-info';
import { createStore, useStore, type Store } from '../../../lib/store';
import { getClip } from '../api/get-clip';
import { getClips } from '../api/get-clips';
import { ArchiveController, IDLE_ARCHIVE, type ArchiveState } from '../lib/archive-controller';
import { playbackTimeMs } from '../lib/archive-playlist';
import { resolveMediaUrl } from '../../../lib/media-url';

/** A moment to play, from the URL; a new `key` means "go there", even to the same moment. */
export interface ArchiveRequest {
  at: Date;
  key: string;
}

function showClip(video: HTMLVideoElement, clip: Clip, offsetSeconds: number): void {
  const url = resolveMediaUrl(clip.pre_signed_url, BUILD_INFO.apiHost);
  if (video.dataset.clipUrl === url && video.readyState > 0) {
    video.currentTime = offsetSeconds;
    return;
  }
  video.dataset.clipUrl = url;
  // A media fragment starts the clip at the offset without waiting for its metadata.
  video.src = offsetSeconds > 0 ? `${url}#t=${offsetSeconds.toFixed(3)}` : url;
}

export interface ArchivePlayback {
  state: ArchiveState;
  /** Wall-clock time of the frame on screen (epoch ms), null before the first clip. */
  time: Store<number | null>;
  next(): void;
  previous(): void;
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
    const controller = new ArchiveController(
      cameraId,
      { getClip, getClips },
      { show: (clip, offset) => showClip(video, clip, offset) },
      store,
    );
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
    video.addEventListener('ended', onEnded);
    video.addEventListener('timeupdate', onTime);
    video.addEventListener('error', onError);
    return () => {
      controller.halt();
      controllerRef.current = null;
      video.removeEventListener('ended', onEnded);
      video.removeEventListener('timeupdate', onTime);
      video.removeEventListener('error', onError);
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

  return {
    state: useStore(store),
    time,
    next: () => controllerRef.current?.next(),
    previous: () => controllerRef.current?.previous(),
  };
}
