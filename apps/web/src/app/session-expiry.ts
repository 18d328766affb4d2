import { LOGIN_MESSAGE } from '@vigil/contract';
import { setUnauthorizedHandler } from '../lib/http';
import { isLoggingOut, logout } from '../lib/logout';

/** A 401 on an authenticated call means the session is gone: log out, keep the query, ask to log in again and come back here. */
export function installSessionExpiry(): void {
  setUnauthorizedHandler(() => {
    if (isLoggingOut()) return;
    const { pathname, search } = window.location;
    const params = new URLSearchParams(search);
    params.set('message', LOGIN_MESSAGE);
    if (pathname !== '/' && !params.has('redirect')) params.set('redirect', pathname + search);
    void logout({ search: `?${params.toString()}` });
  });
}
