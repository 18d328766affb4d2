import { queryOptions, useQuery } from '@tanstack/react-query';
import { TRAINING, type FacesDetectedRequest } from '@vigil/contract';
import { newResultsCount } from '../lib/detection-review';
import { DETECTED_QUERY_ROOT, getDetectedFaces } from './get-detected-faces';

/** How often the list asks whether new detections arrived. */
export const NEW_RESULTS_POLL_MS = 15_000;

export const NEW_RESULTS_QUERY_ROOT = [...DETECTED_QUERY_ROOT, 'new-results'] as const;

/**
 * The 'Have N new results' count: every 15 s the list's request with the token it holds and limit 1, whose reply counts
 * the detections that arrived since the first page (part 2 §2). Nothing is asked until the first 15 s have passed.
 */
export const newResultsQueryOptions = (request: FacesDetectedRequest, token: string | null, newestAt: number | null) =>
  queryOptions({
    queryKey: [...NEW_RESULTS_QUERY_ROOT, request, token, newestAt] as const,
    queryFn: async ({ signal }) => {
      const reply = await getDetectedFaces(
        { ...request, refresh_token: token, limit: token ? 1 : TRAINING.pageSize },
        { label: null, signal },
      );
      return newResultsCount(reply, newestAt);
    },
    initialData: 0,
    initialDataUpdatedAt: () => Date.now(),
    staleTime: NEW_RESULTS_POLL_MS,
    refetchInterval: NEW_RESULTS_POLL_MS,
    refetchOnWindowFocus: false,
    retry: false,
  });

export function useNewResults(request: FacesDetectedRequest, token: string | null, newestAt: number | null, enabled: boolean) {
  return useQuery({ ...newResultsQueryOptions(request, token, newestAt), enabled });
}
