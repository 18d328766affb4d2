import { Suspense, useEffect } from 'react';
import { Navigate, useLocation } from 'react-router';
import { PageLoader } from '../components/page-loader';
import { useFlags } from '../lib/flags';
import { setCurrentService, useSession } from '../lib/session';
import { useViewer } from '../lib/viewer';
import { decideRoute } from './guard-decision';
import type { AppRoute } from './route-table';

/** Guards one route-table entry and renders its page (spec part 1 §2 guard rules). */
export function GuardedRoute({ route }: { route: AppRoute }) {
  const location = useLocation();
  const { loggingOut } = useSession();
  const viewerState = useViewer();
  const flags = useFlags();
  const outcome = decideRoute(route, viewerState, flags, location.pathname + location.search);
  const allowed = outcome.kind === 'allow';

  useEffect(() => {
    if (!allowed) return;
    setCurrentService(route.access.service ?? null);
    document.title = route.access.login ? `${route.title} · Vigil` : 'Vigil';
  }, [allowed, route]);

  // Logout is taking the user to / with the query it chose; the guard must not race it with its own redirect.
  if (loggingOut && route.access.login) return null;

  switch (outcome.kind) {
    case 'redirect':
      return <Navigate to={outcome.to} replace />;
    case 'wait':
      return <PageLoader label="Checking your permissions" />;
    case 'error':
      // The layout's permissions alert says what failed and offers a retry.
      return null;
    case 'allow': {
      const Page = route.page;
      return (
        <Suspense fallback={<PageLoader />}>
          <Page title={route.title} />
        </Suspense>
      );
    }
  }
}
