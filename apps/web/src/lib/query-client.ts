import { QueryClient } from '@tanstack/react-query';
import { HttpError } from './http';

/** Refusals (4xx) are answers, not hiccups: retry only network failures and 5xx, twice. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof HttpError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});
