import { useId, useState } from 'react';
import { Button, Group, Paper, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { AUDIT_ACTIONS, AUDIT_ACTION_TEXT, auditActionSchema, sortCameras, type Camera } from '@vigil/contract';
import {
  NO_AUDIT_FILTERS,
  auditSearchFrom,
  isFiltered,
  type AuditFilters,
  type AuditSearch,
  type AuditSearchResult,
} from '../lib/audit-filters';

const ACTION_OPTIONS = AUDIT_ACTIONS.map((action) => ({ value: action, label: AUDIT_ACTION_TEXT[action] }));

type FieldError = Extract<AuditSearchResult, { ok: false }>;

/**
 * The audit page's filters: person acting, action, camera, time from/to. The building is not a field: it is the one
 * picked at the top of the page. Nothing applies until the form is submitted, so a half-typed e-mail asks for nothing.
 * `foldable` (a phone) keeps the fields folded away behind a button, so the entries are not a screen further down.
 */
export function AuditFiltersForm({
  domainId,
  building,
  cameras,
  onSearch,
  foldable = false,
}: {
  domainId: string;
  building: string | undefined;
  cameras: readonly Camera[];
  onSearch: (search: AuditSearch) => void;
  foldable?: boolean;
}) {
  const [draft, setDraft] = useState<AuditFilters>(NO_AUDIT_FILTERS);
  const [error, setError] = useState<FieldError | null>(null);
  const [unfolded, setUnfolded] = useState(false);
  const [filtered, setFiltered] = useState(false);
  const fieldsId = useId();
  const open = !foldable || unfolded;
  const cameraOptions = sortCameras(cameras).map((camera) => ({ value: camera.uuid, label: camera.description }));
  const errorOf = (field: FieldError['field']) => (error?.field === field ? error.message : undefined);
  const change = (patch: Partial<AuditFilters>) => setDraft((current) => ({ ...current, ...patch }));

  function apply(filters: AuditFilters) {
    const result = auditSearchFrom(domainId, filters);
    if (!result.ok) {
      setError(result);
      setUnfolded(true);
      return;
    }
    setError(null);
    setFiltered(isFiltered(result.search));
    onSearch(result.search);
  }

  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      component="form"
      aria-label="Filters"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        apply(draft);
      }}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
          <Text size="sm">
            Building: <b>{building ?? 'Loading…'}</b>{' '}
            <Text span c="dimmed" size="sm">
              (the one chosen at the top of the page; only its entries show)
            </Text>
          </Text>
          {foldable && (
            <Button
              variant="light"
              size="compact-sm"
              style={{ flexShrink: 0 }}
              aria-expanded={open}
              aria-controls={fieldsId}
              onClick={() => setUnfolded(!open)}
            >
              {open ? 'Hide filters' : filtered ? 'Filters (on)' : 'Filters'}
            </Button>
          )}
        </Group>
        <div id={fieldsId} hidden={!open}>
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm">
              <TextInput
                label="Person acting"
                placeholder="name@example.com"
                description="Their sign-in e-mail"
                inputMode="email"
                autoComplete="off"
                value={draft.actor}
                error={errorOf('actor')}
                onChange={(event) => change({ actor: event.currentTarget.value })}
              />
              <Select
                label="Action"
                description="What they did"
                placeholder="Any action"
                data={ACTION_OPTIONS}
                value={draft.action}
                clearable
                searchable
                nothingFoundMessage="No such action"
                onChange={(value) => change({ action: auditActionSchema.safeParse(value).data ?? null })}
              />
              <Select
                label="Camera"
                description="The camera it concerned"
                placeholder={cameraOptions.length === 0 ? 'No cameras' : 'Any camera'}
                data={cameraOptions}
                value={draft.cameraId}
                clearable
                searchable
                disabled={cameraOptions.length === 0}
                nothingFoundMessage="No such camera"
                onChange={(value) => change({ cameraId: value })}
              />
              <TextInput
                type="datetime-local"
                label="From"
                description="In this browser's time"
                value={draft.from}
                error={errorOf('from')}
                onChange={(event) => change({ from: event.currentTarget.value })}
              />
              <TextInput
                type="datetime-local"
                label="To"
                description="Up to, not including"
                value={draft.to}
                error={errorOf('to')}
                onChange={(event) => change({ to: event.currentTarget.value })}
              />
            </SimpleGrid>
            <Group gap="sm">
              <Button type="submit">Apply filters</Button>
              <Button
                variant="default"
                onClick={() => {
                  setDraft(NO_AUDIT_FILTERS);
                  apply(NO_AUDIT_FILTERS);
                }}
              >
                Clear filters
              </Button>
            </Group>
          </Stack>
        </div>
      </Stack>
    </Paper>
  );
}
