import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { formatUtc, parseSpans, type TimeSpan, type recordingsReplySchema } from '@vigil/contract';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/http';

type RecordingsReply = z.infer<typeof recordingsReplySchema>;

export interface RecordingsWindow {
  start: number;
  end: number;
  bucketSeconds: number;
}

/** GET /api/v4/recordings/{cameraId}?start&end&bucket_seconds: merged recording coverage for the timeline, in epoch ms. */
export async function getRecordings(cameraId: string, window: RecordingsWindow, signal?: AbortSignal): Promise<TimeSpan[]> {
  const reply = await apiRequest<RecordingsReply>('GET', `/api/v4/recordings/${encodeURIComponent(cameraId)}`, {
    service: null,
    query: { start: formatUtc(new Date(window.start)), end: formatUtc(new Date(window.end)), bucket_seconds: window.bucketSeconds },
    ...(signal ? { signal } : {}),
  });
  return parseSpans(reply.spans);
}

export const recordingsQueryOptions = (cameraId: string, window: RecordingsWindow) =>
  queryOptions({
    queryKey: ['video', 'recordings', cameraId, window.start, window.end, window.bucketSeconds],
    queryFn: ({ signal }) => getRecordings(cameraId, window, signal),
    // Recording goes on: the newest part of the timeline grows every minute.
    staleTime: 60_000,
    refetchInterval: 60_000,
  });

export function useRecordings(cameraId: string, window: RecordingsWindow | null) {
  return useQuery({
    ...recordingsQueryOptions(cameraId, window ?? { start: 0, end: 0, bucketSeconds: 60 }),
    enabled: window !== null,
    // Keep the old spans on screen while a pan or zoom fetches new ones.
    placeholderData: keepPreviousData,
  });
}
