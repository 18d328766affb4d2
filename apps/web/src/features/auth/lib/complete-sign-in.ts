import { AUTH_MESSAGES, safeRedirectTarget } from '@vigil/contract';
import { domainsQueryOptions } from '../../../lib/api/get-domains';
import { entitlementsQueryOptions } from '../../../lib/api/get-entitlements';
import { queryClient } from '../../../lib/query-client';
import { startSession } from '../../../lib/session';
import { SIGN_IN_ATTEMPT_KEY } from '../../../lib/storage-keys';
import { postOAuth } from '../api/post-oauth';
import { parseSignInAttempt, parseSignInReturn, type SignInAttempt } from './sign-in-request';

export function hasSignInReturn(hash: string): boolean {
  return parseSignInReturn(hash).kind !== 'none';
}

export function rememberSignInAttempt(attempt: SignInAttempt): void {
  window.sessionStorage.setItem(SIGN_IN_ATTEMPT_KEY, JSON.stringify(attempt));
}

function takeSignInAttempt(): SignInAttempt | null {
  const attempt = parseSignInAttempt(window.sessionStorage.getItem(SIGN_IN_ATTEMPT_KEY));
  window.sessionStorage.removeItem(SIGN_IN_ATTEMPT_KEY);
  return attempt;
}

const landingWithError = (error: string) => `/?${new URLSearchParams({ error }).toString()}`;

/** Sign-in step 2 (spec part 1 §2): trade the id_token, start the session, load user data; resolves to where to go. */
async function finishSignIn(): Promise<string> {
  const returned = parseSignInReturn(window.location.hash);
  // The token must not linger in the address bar or the history.
  window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
  const attempt = takeSignInAttempt();
  if (returned.kind === 'error') {
    return landingWithError(returned.description ? `${AUTH_MESSAGES.loginProblem} ${returned.description}` : AUTH_MESSAGES.loginProblem);
  }
  if (returned.kind !== 'token' || !attempt || returned.state !== attempt.state) return landingWithError(AUTH_MESSAGES.loginProblem);

  let reply;
  try {
    reply = await postOAuth({ provider: attempt.provider, id_token: returned.idToken, nonce: attempt.nonce });
  } catch {
    return landingWithError(AUTH_MESSAGES.loginProblem);
  }
  if (!reply.ok) return landingWithError(reply.err || AUTH_MESSAGES.loginProblem);

  startSession({ authToken: reply.auth.token, email: reply.email, staff: reply.staff });
  // User data: entitlements, then domains. A failure here is shown by the app (permissions alert), not a failed sign-in.
  await queryClient.fetchQuery({ ...entitlementsQueryOptions(), staleTime: 0 }).catch(() => undefined);
  await queryClient.fetchQuery(domainsQueryOptions()).catch(() => undefined);
  return safeRedirectTarget(attempt.redirect);
}

let inFlight: Promise<string> | null = null;

/**
 * Finishes a sign-in when the URL fragment holds the provider's answer, once even if called twice
 * (React StrictMode mounts twice). Returns null when there is nothing to finish.
 */
export function completeSignIn(): Promise<string> | null {
  if (inFlight) return inFlight;
  if (!hasSignInReturn(window.location.hash)) return null;
  inFlight = finishSignIn().finally(() => {
    inFlight = null;
  });
  return inFlight;
}
