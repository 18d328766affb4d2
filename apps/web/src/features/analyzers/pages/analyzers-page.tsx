import { useMemo } from 'react';
import { Alert, Anchor, Container, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { ANALYZER, hasOperation } from '@vigil/contract';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import { describeAnalysis } from '../../../lib/analysis-status';
import { useAnalyzers } from '../../../lib/api/get-analyzers';
import { useCurrentDomain } from '../../../lib/current-domain';
import { errorMessage } from '../../../lib/http';
import { useNow } from '../../../lib/use-now';
import { useViewer } from '../../../lib/viewer';
import { AnalysisCards, AnalysisTable, type AnalysisRow } from '../components/analysis-table';

/** The top bar's phone width (app-layout): below it the table becomes cards. */
const PHONE = '(max-width: 47.99em)';

/**
 * /staff/analyzers: for every camera of the current building, which analyzer watches its live video and how well it
 * keeps up. Open without the cameras-page flag (DECISIONS.md).
 */
export default function AnalyzersPage({ title }: { title: string }) {
  const { domainId, domain } = useCurrentDomain();
  const viewerState = useViewer();
  const canAdd = viewerState.status === 'ready' && hasOperation(viewerState.services, 'video', 'add');
  const analyzers = useAnalyzers(domainId);
  const now = useNow(5_000);
  const phone = useMediaQuery(PHONE, false, { getInitialValueInEffect: false });

  const rows = useMemo<AnalysisRow[]>(
    () =>
      [...(analyzers.data ?? [])]
        .sort((a, b) => a.description.localeCompare(b.description))
        .map((camera) => ({ camera, view: describeAnalysis(camera, now) })),
    [analyzers.data, now],
  );
  const analysed = rows.filter((row) => row.view.label === 'Analysed').length;

  return (
    <Container size="xl" py="md">
      <Stack gap="md">
        <PageHeader title={title} building={domain?.description} />
        {analyzers.isPending && <PageLoader label="Loading analyzers" />}
        {analyzers.isError && (
          <Alert color="red" title="Error" role="alert">
            Could not load the analyzer status: {errorMessage(analyzers.error)}
          </Alert>
        )}
        {analyzers.data && rows.length === 0 && (
          <Text>
            This building has no cameras, so there is nothing to analyse.{' '}
            {canAdd && (
              <Anchor component={Link} to="/camera/add">
                Add a camera
              </Anchor>
            )}
          </Text>
        )}
        {rows.length > 0 && (
          <>
            <Text size="sm" c="dimmed">
              {`${analysed} of ${rows.length} ${rows.length === 1 ? 'camera' : 'cameras'} analysed now, for faces and objects in the live video. Analyzers report every ${ANALYZER.heartbeatSeconds} seconds.`}
            </Text>
            {phone ? <AnalysisCards rows={rows} /> : <AnalysisTable rows={rows} />}
            <Text size="xs" c="dimmed">
              Over the last minute: Rate is frames analysed per second; Turn, First for an exit (its frames go before the others&apos;), In
              turn for the others; Still, frames skipped because nothing moved; Dropped, frames skipped because the analyzer was busy; Lag,
              from filming to the end of analysis.
            </Text>
          </>
        )}
      </Stack>
    </Container>
  );
}
