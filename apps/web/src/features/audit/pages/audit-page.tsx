import { useState } from 'react';
import { Alert, Button, Center, Container, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import { useCurrentDomain } from '../../../lib/current-domain';
import { errorMessage } from '../../../lib/http';
import { useDownloadAuditCsv } from '../api/download-audit-csv';
import { useAudit } from '../api/get-audit';
import { AuditCards } from '../components/audit-cards';
import { AuditFiltersForm } from '../components/audit-filters-form';
import { AuditTable } from '../components/audit-table';
import { isFiltered, type AuditSearch } from '../lib/audit-filters';
import { auditCsvFileName } from '../lib/format-audit';

const PHONE = '(max-width: 47.99em)';

/**
 * /staff/audit (issue 27): the current building's audit trail, newest first, with filters, more on request and a CSV
 * download of everything the filters match. Building administrators (account/view_audit) see their building's only.
 */
export default function AuditPage({ title }: { title: string }) {
  const { domainId, domain } = useCurrentDomain();
  const building = domain?.description;
  const [chosen, setChosen] = useState<AuditSearch | null>(null);
  // A search belongs to one building: after a switch the new building's whole trail shows (the form starts over too).
  const search = chosen?.domain_uuid === domainId ? chosen : domainId ? { domain_uuid: domainId } : null;
  const audit = useAudit(search);
  const download = useDownloadAuditCsv();
  const entries = audit.data?.pages.flatMap((page) => page.entries) ?? [];
  const place = building ?? 'this building';
  const phone = useMediaQuery(PHONE, false, { getInitialValueInEffect: false });

  function searchFor(next: AuditSearch) {
    // The same filters again mean "look again".
    if (search && JSON.stringify(next) === JSON.stringify(search)) void audit.refetch();
    else setChosen(next);
  }

  return (
    <Container size="xl" py="md">
      <Stack gap="lg">
        <PageHeader
          title={title}
          building={building}
          action={
            <Button
              variant="light"
              disabled={search === null}
              loading={download.isPending}
              onClick={() => search && download.mutate({ search, fileName: auditCsvFileName(building, new Date()) })}
            >
              Download CSV
            </Button>
          }
        />
        <Text size="sm" c="dimmed">
          Who signed in, watched, exported, answered, changed or erased what, and from which address, newest first. Times are in this
          browser&apos;s time zone. The CSV holds every entry the filters match.
        </Text>
        {download.isError && (
          <Alert color="red" title="Error" role="alert" withCloseButton onClose={() => download.reset()}>
            Could not download the CSV: {errorMessage(download.error)}
          </Alert>
        )}
        {domainId && (
          <AuditFiltersForm
            key={domainId}
            domainId={domainId}
            building={building}
            cameras={domain?.cameras ?? []}
            onSearch={searchFor}
            foldable={phone}
          />
        )}
        <section aria-label="Entries">
          <Stack gap="sm">
            {audit.isPending ? (
              <PageLoader label="Loading the audit trail" />
            ) : audit.isError && entries.length === 0 ? (
              <Alert color="red" title="Error" role="alert">
                Could not load the audit trail of {place}: {errorMessage(audit.error)}
              </Alert>
            ) : entries.length === 0 ? (
              <Text>
                {search && isFiltered(search)
                  ? 'No entries match these filters. Widen the time range or clear a filter.'
                  : `Nothing has been recorded at ${place} yet. Sign-ins, video watched, answers and changes appear here as they happen.`}
              </Text>
            ) : (
              <>
                <Text size="sm" c="dimmed" role="status">
                  {entries.length === 1 ? '1 entry' : `${entries.length} entries`}
                  {audit.hasNextPage ? ' shown; older ones follow' : ''}
                </Text>
                {phone ? <AuditCards entries={entries} /> : <AuditTable entries={entries} />}
                {(audit.isFetchNextPageError || audit.isRefetchError) && (
                  <Alert color="red" title="Error" role="alert">
                    Could not load the entries: {errorMessage(audit.error)}
                  </Alert>
                )}
                {audit.hasNextPage && (
                  <Center>
                    <Button variant="default" loading={audit.isFetchingNextPage} onClick={() => void audit.fetchNextPage()}>
                      Load more
                    </Button>
                  </Center>
                )}
              </>
            )}
          </Stack>
        </section>
      </Stack>
    </Container>
  );
}
