import { apiRequest } from '../http';

/** POST /api/v4/logout: the server forgets the token. */
export function postLogout(): Promise<{ ok: true }> {
  return apiRequest<{ ok: true }>('POST', '/api/v4/logout', { service: null, body: {} });
}
