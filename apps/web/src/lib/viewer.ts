import type { ServiceMap, Viewer } from '@vigil/contract';
import { useDomains } from './api/get-domains';
import { useEntitlements } from './api/get-entitlements';
import { useCurrentDomain } from './current-domain';
import { errorMessage } from './http';
import { useSession } from './session';

export type ViewerState =
  | { status: 'loading'; viewer: Viewer }
  | { status: 'error'; viewer: Viewer; message: string }
  | { status: 'ready'; viewer: Viewer; domainId: string | null; services: ServiceMap | undefined };

/** Who is looking, for guardRoute and canAccess: the session plus the entitlements of the current domain. */
export function useViewer(): ViewerState {
  const session = useSession();
  const entitlements = useEntitlements();
  const domains = useDomains();
  const { domainId } = useCurrentDomain();
  const authenticated = session.authToken !== null;
  const base: Viewer = { authenticated, staff: session.staff, services: undefined };
  if (!authenticated) return { status: 'ready', viewer: base, domainId: null, services: undefined };
  if (entitlements.data === undefined) {
    if (entitlements.isError) return { status: 'error', viewer: base, message: errorMessage(entitlements.error) };
    return { status: 'loading', viewer: base };
  }
  // Wait for the domain list too, or the "first domain" could change under the guard's feet.
  if (domains.isPending && domains.fetchStatus !== 'idle') return { status: 'loading', viewer: base };
  const services = domainId ? entitlements.data[domainId] : undefined;
  return { status: 'ready', viewer: { ...base, services }, domainId, services };
}
