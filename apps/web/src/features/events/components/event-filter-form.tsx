import { useState, type FormEvent } from 'react';
import { Alert, Button, Checkbox, Group, NativeSelect, Stack, TextInput } from '@mantine/core';
import { formatUtc, type Camera, type EventClass } from '@vigil/contract';
import { fromDateTimeInput, toDateTimeInput } from '../../../lib/date-inputs';
import { EVENT_CLASSES, eventFiltersError, type EventFilters } from '../lib/event-filters';

const toInput = (iso: string | null): string => (iso ? toDateTimeInput(new Date(iso)) : '');

/** A typed local date-time as ISO UTC; '' is no bound, undefined is something unreadable. */
function fromInput(value: string): string | null | undefined {
  if (value.trim() === '') return null;
  const date = fromDateTimeInput(value);
  return date ? formatUtc(date) : undefined;
}

/**
 * The Filter panel of the events timeline: start and end, camera and classes. A start after the end
 * is refused with the §5 text and nothing is asked of the server; what was typed stays.
 */
export function EventFilterForm({
  value,
  cameras,
  viewedCamera,
  onApply,
}: {
  value: EventFilters;
  cameras: readonly Camera[];
  viewedCamera: string;
  onApply: (filters: EventFilters) => void;
}) {
  const [start, setStart] = useState(toInput(value.start));
  const [end, setEnd] = useState(toInput(value.end));
  const [camera, setCamera] = useState(
    value.camera === 'all' || value.camera === 'viewed' || cameras.some((c) => c.uuid === value.camera) ? value.camera : 'all',
  );
  const [classes, setClasses] = useState<string[]>(value.classes);
  const [error, setError] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const startIso = fromInput(start);
    const endIso = fromInput(end);
    if (startIso === undefined || endIso === undefined) {
      setError(`Please enter a complete ${startIso === undefined ? 'start' : 'end'} date and time.`);
      return;
    }
    const next: EventFilters = { start: startIso, end: endIso, camera, classes: classes as EventClass[] };
    const problem = eventFiltersError(next);
    setError(problem);
    if (!problem) onApply(next);
  }

  function clear() {
    setStart('');
    setEnd('');
    setCamera('all');
    setClasses([]);
    setError(null);
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Filter events">
      <Stack gap="sm">
        <TextInput
          type="datetime-local"
          label="Start"
          description="Empty: the last 7 days"
          value={start}
          onChange={(e) => setStart(e.currentTarget.value)}
        />
        <TextInput
          type="datetime-local"
          label="End"
          description="Empty: up to now"
          value={end}
          onChange={(e) => setEnd(e.currentTarget.value)}
        />
        <NativeSelect
          label="Camera"
          value={camera}
          onChange={(e) => setCamera(e.currentTarget.value)}
          data={[
            { value: 'all', label: 'All cameras' },
            { value: 'viewed', label: `This camera (${viewedCamera})` },
            ...cameras.map((c) => ({ value: c.uuid, label: c.description })),
          ]}
        />
        <Checkbox.Group label="Classes" description="None ticked: every class" value={classes} onChange={setClasses}>
          <Group gap="md" mt={6}>
            {EVENT_CLASSES.map((c) => (
              <Checkbox key={c} value={c} label={c} />
            ))}
          </Group>
        </Checkbox.Group>
        {error && (
          <Alert color="red" variant="light" role="alert" p="xs">
            {error}
          </Alert>
        )}
        <Group justify="space-between">
          <Button variant="subtle" size="xs" onClick={clear}>
            Clear
          </Button>
          <Button type="submit" size="xs">
            Apply
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
