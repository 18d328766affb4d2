import type { OAuthBody, OAuthReply } from '@vigil/contract';
import { apiRequest } from '../../../lib/http';

/** POST /api/v4/oauth (public): trades the provider's id_token for a Vigil session. A refusal is 401 {ok:false, err}. */
export function postOAuth(body: OAuthBody): Promise<OAuthReply> {
  return apiRequest<OAuthReply>('POST', '/api/v4/oauth', { service: null, auth: false, body, acceptStatus: [401] });
}
