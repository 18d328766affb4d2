import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { facesLoader, lastSeenLoader } from '../lib/api/get-faces';
import { latestElopementAlertsLoader } from '../lib/api/get-elopement-alerts';
import { latestEventsLoader } from '../lib/api/get-events';
import { AlertSoundWatcher } from '../features/alerts/components/alert-sound-watcher';
import { usePushResync } from '../features/alerts/hooks/use-push-resync';
import { credentialReportLoader } from '../features/badges/api/get-credential-report';
import { queryClient } from '../lib/query-client';
import { registerParallelLoader } from '../lib/refresh';
import { RouteCatalogContext } from '../lib/route-catalog';
import { useLiveSocket } from '../lib/socket';
import { router } from './router';
import { ROUTES } from './route-table';
import { theme } from './theme';

// The data refresh of spec part 1 §4 loads the latest 150 events and the latest elopement alerts alongside the rest.
registerParallelLoader(latestEventsLoader);
registerParallelLoader(latestElopementAlertsLoader);
// Faces and last-seen share one request of the faces list (lib/api/get-faces.ts).
registerParallelLoader(facesLoader);
registerParallelLoader(lastSeenLoader);
// The building's credential mismatch report of 7 days (the badge list's count).
registerParallelLoader(credentialReportLoader);

/**
 * One live socket while signed in: the server's notices invalidate events and elopement alerts. Beside it, this
 * device's push subscription kept registered when the push service replaces it.
 */
function LiveSocket() {
  useLiveSocket();
  usePushResync();
  return null;
}

export function App() {
  return (
    <MantineProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <LiveSocket />
        <AlertSoundWatcher />
        <RouteCatalogContext value={ROUTES}>
          <RouterProvider router={router} />
        </RouteCatalogContext>
      </QueryClientProvider>
    </MantineProvider>
  );
}
