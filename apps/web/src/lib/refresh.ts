import type { QueryClient } from '@tanstack/react-query';
import { domainsQueryOptions } from './api/get-domains';
import { entitlementsQueryOptions } from './api/get-entitlements';

/** Context a parallel loader gets: which domain to load for, and the cache to load into. */
export interface RefreshContext {
  domainId: string;
  queryClient: QueryClient;
}

/** One of the loaders of the last step (faces, last-seen, credential report, latest events, elopement alerts). */
export interface ParallelLoader {
  name: string;
  load(context: RefreshContext): Promise<unknown>;
}

/** Query keys under this root hold events; the refresh clears them before anything reloads them. */
export const EVENTS_QUERY_ROOT = ['events'] as const;

const parallelLoaders = new Map<string, ParallelLoader>();

/** Features add their loader here when they exist; the returned function takes it out again. */
export function registerParallelLoader(loader: ParallelLoader): () => void {
  parallelLoaders.set(loader.name, loader);
  return () => {
    if (parallelLoaders.get(loader.name) === loader) parallelLoaders.delete(loader.name);
  };
}

export interface RefreshResult {
  /** Loader names (and 'Permissions') that failed, with their errors. */
  failures: { step: string; error: unknown }[];
}

/**
 * The data refresh of spec part 1 §4, in order: domains (only if none loaded) -> permissions ->
 * events cleared -> the registered loaders in parallel. A failed step is reported, not fatal,
 * except permissions, which the later steps depend on.
 */
export async function refreshDataModel(queryClient: QueryClient, domainId: string): Promise<RefreshResult> {
  const failures: RefreshResult['failures'] = [];
  if (queryClient.getQueryData(domainsQueryOptions().queryKey) === undefined) {
    try {
      await queryClient.fetchQuery(domainsQueryOptions());
    } catch (error) {
      failures.push({ step: 'Buildings & Cameras', error });
    }
  }
  try {
    await queryClient.fetchQuery({ ...entitlementsQueryOptions(), staleTime: 0 });
  } catch (error) {
    failures.push({ step: 'Permissions', error });
    return { failures };
  }
  queryClient.removeQueries({ queryKey: EVENTS_QUERY_ROOT });
  const loaders = [...parallelLoaders.values()];
  const results = await Promise.allSettled(loaders.map((loader) => loader.load({ domainId, queryClient })));
  results.forEach((result, index) => {
    if (result.status === 'rejected') failures.push({ step: loaders[index]?.name ?? 'unknown', error: result.reason });
  });
  return { failures };
}
