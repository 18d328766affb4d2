import { useContext } from 'react';
import { Alert, Container, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { useCurrentDomain } from '../../../lib/current-domain';
import { useFlag } from '../../../lib/flags';
import { RouteCatalogContext, isCardRoute, useOpenRoutes, type CardStat } from '../../../lib/route-catalog';
import { useSession } from '../../../lib/session';
import { useViewer } from '../../../lib/viewer';
import { NoAccess } from '../components/no-access';
import { RouteCard } from '../components/route-card';
import { missingAccessText, routeOfTarget } from '../lib/missing-access';

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

/** /dashboard: a card per route the user may open in the current domain. */
export default function DashboardPage({ title }: { title: string }) {
  const session = useSession();
  const viewerState = useViewer();
  const { routes, ready } = useOpenRoutes(isCardRoute);
  const { domain } = useCurrentDomain();
  const showStats = useFlag('dashboard_stats');
  const [params] = useSearchParams();
  const refused = params.get('redirect');
  const catalog = useContext(RouteCatalogContext);
  const refusedRoute = refused ? routeOfTarget(catalog, refused) : undefined;
  const missing = refusedRoute && viewerState.status === 'ready' ? missingAccessText(refusedRoute.access, viewerState.viewer) : null;

  function statFor(stat: CardStat | undefined): string | null {
    if (!showStats || stat === undefined || !domain) return null;
    switch (stat) {
      case 'cameraCount':
        return plural(domain.cameras.length, 'camera');
    }
  }

  return (
    <Container size="lg" py="md">
      <Stack gap="lg">
        <div>
          <Title order={1}>{title}</Title>
          {session.displayName && (
            <Text c="dimmed" size="sm">
              Signed in as {session.displayName}
              {domain ? ` · ${domain.description}` : ''}
            </Text>
          )}
        </div>
        {refused && (
          <Alert color="yellow" variant="light" role="status">
            <code>{refused}</code> is not available to you in this building.{missing && ` ${missing}`}
          </Alert>
        )}
        {viewerState.status === 'loading' && <PageLoader label="Loading your permissions" />}
        {ready && routes.length === 0 && <NoAccess email={session.email} buildingName={domain?.description} />}
        {routes.length > 0 && (
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md" component="section" aria-label="Your areas">
            {routes.map((route) => (
              <RouteCard key={route.path} route={route} stat={statFor(route.stat)} />
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </Container>
  );
}
