import { Group, Select, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { sortCameras } from '@vigil/contract';
import { useLocation, useNavigate } from 'react-router';
import { useDomains } from '../../lib/api/get-domains';
import { setCurrentCameraId, setCurrentDomainId, useCurrentDomain } from '../../lib/current-domain';
import { refreshDataModel } from '../../lib/refresh';

function AtLabel() {
  return (
    <Text span c="dimmed" size="sm">
      at
    </Text>
  );
}

/** The building picker labelled 'at' (spec part 1 §2): searchable with several domains, plain text with one. */
export function DomainPicker() {
  const { domains, domainId, domain } = useCurrentDomain();
  const domainsQuery = useDomains();
  const queryClient = useQueryClient();
  const location = useLocation();
  const navigate = useNavigate();

  function choose(id: string | null) {
    const next = domains?.find((d) => d.uuid === id);
    if (!next || next.uuid === domainId) return;
    setCurrentDomainId(next.uuid);
    if (location.pathname === '/view' || location.pathname.startsWith('/view/')) {
      // The viewer follows the building: its default camera is the first by label, floor, description.
      const first = sortCameras(next.cameras)[0];
      setCurrentCameraId(first?.uuid ?? null);
      navigate(first ? `/view/${first.uuid}` : '/view');
    }
    void refreshDataModel(queryClient, next.uuid).then(({ failures }) => {
      // Permission failures surface through the permissions alert; the rest are only logged (spec part 1 §8).
      for (const failure of failures) console.warn(`Refreshing ${failure.step} failed`, failure.error);
    });
  }

  if (domains === undefined) {
    return (
      <Group gap={6} wrap="nowrap" role="group" aria-label="at">
        <AtLabel />
        <Text span size="sm" c={domainsQuery.isError ? 'red' : undefined}>
          {domainsQuery.isError ? 'buildings unavailable' : 'Loading...'}
        </Text>
      </Group>
    );
  }
  if (domains.length <= 1) {
    return (
      <Group gap={6} wrap="nowrap" role="group" aria-label="at">
        <AtLabel />
        <Text span size="sm" fw={600} data-testid="current-domain" truncate maw={240}>
          {domain?.description ?? 'Loading...'}
        </Text>
      </Group>
    );
  }
  return (
    <Select
      label="at"
      data={domains.map((d) => ({ value: d.uuid, label: d.description }))}
      value={domainId}
      onChange={choose}
      searchable
      allowDeselect={false}
      nothingFoundMessage="No building matches"
      size="sm"
      w={250}
      comboboxProps={{ withinPortal: true }}
      styles={{
        root: { display: 'flex', alignItems: 'center', gap: 6 },
        label: { marginBottom: 0, color: 'var(--mantine-color-dimmed)', fontWeight: 400 },
        wrapper: { flex: 1 },
      }}
    />
  );
}
