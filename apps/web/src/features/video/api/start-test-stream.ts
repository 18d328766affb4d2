import type { TestStreamReply } from '@vigil/contract';
import { apiRequest } from '../../../lib/http';

/** POST /api/v1/hlsvideo/test-stream: the server's HLS test stream (HLS test-stream fallback flag), a link valid 1 hour. */
export function startTestStream(signal?: AbortSignal): Promise<TestStreamReply> {
  return apiRequest<TestStreamReply>('POST', '/api/v1/hlsvideo/test-stream', { service: null, body: {}, ...(signal ? { signal } : {}) });
}
