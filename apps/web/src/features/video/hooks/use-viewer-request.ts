import { useEffect, useMemo, useState } from 'react';
import { parseViewerTimestamp, type ViewerMoment } from '@vigil/contract';
import { useLocation, useNavigate, useParams } from 'react-router';

/** What the /view URL asks for. A new `key` is a new request; the viewer's own URL updates are not. */
export interface ViewerRequest {
  cameraParam: string | undefined;
  moment: ViewerMoment;
  canViewLive: boolean;
  key: string;
}

/** Marks a URL the viewer wrote to follow playback, so it is not taken as a new request. */
const SYNC_STATE = { viewerSync: true } as const;
const isSync = (state: unknown): boolean => typeof state === 'object' && state !== null && 'viewerSync' in state;

/**
 * A new request (`go`) on its way to the router. Until the router shows it, playback of the old request may still
 * try to write its next clip into the URL; that write would land after the request and swallow it (the Live switch
 * on, the archive still playing), so `follow` waits its turn. One viewer is on screen at a time.
 */
let requestPending = false;

/** The request of the current /view URL; stays put while playback rewrites the URL. */
export function useViewerRequest(canViewLive: boolean): ViewerRequest {
  const location = useLocation();
  const params = useParams();
  const read = (): ViewerRequest => ({
    cameraParam: params.cameraId,
    moment: parseViewerTimestamp(params.timestamp, new Date(), canViewLive),
    canViewLive,
    key: location.key,
  });
  const [request, setRequest] = useState(read);
  const [seenKey, setSeenKey] = useState(location.key);
  useEffect(() => {
    if (!isSync(location.state)) requestPending = false;
  }, [location.key, location.state]);
  // Adjusting state to a new location during render (not in an effect) avoids one frame of the old request.
  if (seenKey !== location.key || request.canViewLive !== canViewLive) {
    setSeenKey(location.key);
    if (!isSync(location.state) || request.canViewLive !== canViewLive) setRequest(read());
  }
  return request;
}

/** Navigation helpers of the viewer: `go` is a new request, `follow` only keeps the URL in step with playback. */
export function useViewerNavigation() {
  const navigate = useNavigate();
  return useMemo(
    () => ({
      go: (path: string, options: { push?: boolean } = {}) => {
        requestPending = true;
        void navigate(path, { replace: !options.push });
      },
      follow: (path: string) => {
        if (!requestPending) void navigate(path, { replace: true, state: SYNC_STATE });
      },
    }),
    [navigate],
  );
}
