import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, MultiSelect, NativeSelect, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import {
  CONFIDENCE_PREDICATES,
  DEFAULT_TRAINING_FILTERS,
  formatConfidence,
  formatFilterDate,
  parseConfidence,
  parseFaceHeight,
  type Camera,
  type ConfidencePredicate,
  type TrainingFilters,
} from '@vigil/contract';
import { fromNewYorkInputs, toNewYorkInputs } from '../lib/new-york-time';

const PREDICATE_LABELS: Record<ConfidencePredicate, string> = {
  ge: '≥ at least',
  gt: '> more than',
  eq: '= exactly',
  le: '≤ at most',
  lt: '< less than',
};

export interface FilterOption {
  value: string;
  label: string;
}

/**
 * The new training filters (part 2 §3, §5; flag new_training_filters): results up to a New York date and time, camera,
 * minimum face height, people, confidence with its predicate, Shapes and CLAHE. A value that breaks a §5 rule is
 * refused with what is wrong, and what was typed stays.
 */
export function TrainingFilterForm({
  value,
  cameras,
  people,
  onApply,
}: {
  value: TrainingFilters;
  cameras: readonly Camera[];
  people: readonly FilterOption[];
  onApply: (filters: TrainingFilters) => void;
}) {
  const start = value.date ? toNewYorkInputs(value.date) : { date: '', time: '' };
  const [date, setDate] = useState(start.date);
  const [time, setTime] = useState(start.time);
  const [camera, setCamera] = useState(value.cameraUUID ?? '');
  const [height, setHeight] = useState(value.faceHeight > 0 ? String(value.faceHeight) : '');
  const [personIds, setPersonIds] = useState<string[]>(value.faceUUIDs);
  const [predicate, setPredicate] = useState<ConfidencePredicate>(value.confidencePredicate);
  const [confidence, setConfidence] = useState(value.confidence === null ? '' : formatConfidence(value.confidence));
  const [shapes, setShapes] = useState(value.shapesOnFaces);
  const [clahe, setClahe] = useState(value.clahe);
  const [error, setError] = useState<string | null>(null);

  const typedDate = date.trim() === '' && time.trim() === '' ? null : fromNewYorkInputs(date, time);
  const confidenceValue = confidence.trim() === '' ? null : parseConfidence(confidence);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (typedDate === null && (date.trim() !== '' || time.trim() !== '')) {
      return setError('Please enter both a date and a time, or neither.');
    }
    if (confidence.trim() !== '' && confidenceValue === null) return setError('Confidence is a number from 0 to 1, such as .95.');
    setError(null);
    onApply({
      date: typedDate,
      cameraUUID: camera === '' ? null : camera,
      faceHeight: parseFaceHeight(height),
      faceUUIDs: personIds,
      confidence: confidenceValue,
      confidencePredicate: predicate,
      shapesOnFaces: shapes,
      clahe,
    });
  }

  function clear() {
    setDate('');
    setTime('');
    setCamera('');
    setHeight('');
    setPersonIds([]);
    setPredicate(DEFAULT_TRAINING_FILTERS.confidencePredicate);
    setConfidence('');
    setShapes(false);
    setClahe(false);
    setError(null);
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Filter detections">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="sm">
          <TextInput
            type="date"
            label="Results up to (date)"
            description="New York time"
            value={date}
            onChange={(e) => setDate(e.currentTarget.value)}
          />
          <TextInput
            type="time"
            step={1}
            label="Results up to (time)"
            description="Empty: up to now"
            value={time}
            onChange={(e) => setTime(e.currentTarget.value)}
          />
          <NativeSelect
            label="Camera"
            value={camera}
            onChange={(e) => setCamera(e.currentTarget.value)}
            data={[{ value: '', label: 'All cameras' }, ...cameras.map((c) => ({ value: c.uuid, label: c.description }))]}
          />
          <TextInput
            label="Minimum face height (px)"
            inputMode="numeric"
            placeholder="0"
            value={height}
            onChange={(e) => setHeight(e.currentTarget.value)}
          />
          <MultiSelect
            label="People"
            placeholder={personIds.length === 0 ? 'Everyone' : undefined}
            data={people.map((p) => ({ value: p.value, label: p.label }))}
            value={personIds}
            onChange={setPersonIds}
            searchable
            clearable
          />
          <NativeSelect
            label="Confidence is"
            value={predicate}
            onChange={(e) => setPredicate(e.currentTarget.value as ConfidencePredicate)}
            data={CONFIDENCE_PREDICATES.map((p) => ({ value: p, label: PREDICATE_LABELS[p] }))}
          />
          <TextInput
            label="Confidence"
            description="0 to 1, in steps of .01"
            inputMode="decimal"
            placeholder="Any"
            value={confidence}
            onChange={(e) => setConfidence(e.currentTarget.value)}
          />
          <Stack gap="xs" justify="center">
            <Switch label="Shapes" checked={shapes} onChange={(e) => setShapes(e.currentTarget.checked)} />
            <Switch label="CLAHE" checked={clahe} onChange={(e) => setClahe(e.currentTarget.checked)} />
          </Stack>
        </SimpleGrid>
        {typedDate && (
          <Text size="sm" c="dimmed">
            Results up to {formatFilterDate(typedDate)} (New York time)
          </Text>
        )}
        {error && (
          <Alert color="red" variant="light" role="alert" p="xs">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
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

/** The older filter form (new training filters flag off): a camera and a person, applied as they are chosen. */
export function SimpleTrainingFilterForm({
  value,
  cameras,
  people,
  onApply,
}: {
  value: TrainingFilters;
  cameras: readonly Camera[];
  people: readonly FilterOption[];
  onApply: (filters: TrainingFilters) => void;
}) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" component="form" aria-label="Filter detections" onSubmit={(e) => e.preventDefault()}>
      <NativeSelect
        label="Camera"
        value={value.cameraUUID ?? ''}
        onChange={(e) => onApply({ ...value, cameraUUID: e.currentTarget.value || null })}
        data={[{ value: '', label: 'All cameras' }, ...cameras.map((c) => ({ value: c.uuid, label: c.description }))]}
      />
      <NativeSelect
        label="Person"
        value={value.faceUUIDs[0] ?? ''}
        onChange={(e) => onApply({ ...value, faceUUIDs: e.currentTarget.value ? [e.currentTarget.value] : [] })}
        data={[{ value: '', label: 'Everyone' }, ...people]}
      />
    </SimpleGrid>
  );
}
