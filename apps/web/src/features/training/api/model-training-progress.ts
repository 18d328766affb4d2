import { useEffect, useRef } from 'react';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http';
import type { TrainingProgress } from '../lib/model-view';
import { MODELS_QUERY_ROOT, modelsQueryKey } from './model-list';

/** While a training runs its progress is asked for this often. */
export const TRAINING_PROGRESS_POLL_MS = 3_000;

/** GET /api/v1/training/progress?domain_uuid= (faces/view_training_progress): the running training, if any. */
export async function getTrainingProgress(domainId: string, signal?: AbortSignal): Promise<TrainingProgress> {
  return apiRequest<TrainingProgress>('GET', '/api/v1/training/progress', {
    service: null,
    query: { domain_uuid: domainId },
    ...(signal ? { signal } : {}),
  });
}

export const trainingProgressQueryKey = (domainId: string) => [...MODELS_QUERY_ROOT, domainId, 'progress'] as const;

export const trainingProgressQueryOptions = (domainId: string) =>
  queryOptions({
    queryKey: trainingProgressQueryKey(domainId),
    queryFn: ({ signal }) => getTrainingProgress(domainId, signal),
    refetchInterval: (query) => (query.state.data?.running ? TRAINING_PROGRESS_POLL_MS : false),
  });

/** Polled while a training runs; when it ends the model list reloads, so the new model shows as ready or failed. */
export function useTrainingProgress(domainId: string, enabled: boolean) {
  const queryClient = useQueryClient();
  const progress = useQuery({ ...trainingProgressQueryOptions(domainId), enabled });
  const running = progress.data?.running ?? false;
  const wasRunning = useRef(running);
  useEffect(() => {
    if (wasRunning.current && !running) void queryClient.invalidateQueries({ queryKey: modelsQueryKey(domainId) });
    wasRunning.current = running;
  }, [running, domainId, queryClient]);
  return progress;
}
