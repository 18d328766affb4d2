import { useEffect, useState } from 'react';
import { Group, TextInput } from '@mantine/core';
import { fromDateAndTime, toDateInput, toTimeInput } from '../../../lib/date-inputs';
import { startTimeout } from '../../../lib/timers';

const DEBOUNCE_MS = 1000;

/**
 * Date and time of the archive (local time). They show `value` until the user types; what they type
 * applies after a 1 s pause (spec part 1 §4).
 */
export function MomentInputs({ value, onApply }: { value: Date; onApply: (at: Date) => void }) {
  const [draft, setDraft] = useState<{ date: string; time: string } | null>(null);
  const date = draft?.date ?? toDateInput(value);
  const time = draft?.time ?? toTimeInput(value);

  useEffect(() => {
    if (!draft) return;
    const at = fromDateAndTime(draft.date, draft.time);
    if (!at) return;
    return startTimeout(() => {
      setDraft(null);
      onApply(at);
    }, DEBOUNCE_MS);
  }, [draft, onApply]);

  return (
    <Group gap="xs" wrap="nowrap">
      <TextInput
        type="date"
        label="Date"
        value={date}
        onChange={(e) => setDraft({ date: e.currentTarget.value, time })}
        w={{ base: '50%', xs: 160 }}
      />
      <TextInput
        type="time"
        label="Time"
        step={1}
        value={time}
        onChange={(e) => setDraft({ date, time: e.currentTarget.value })}
        w={{ base: '50%', xs: 150 }}
      />
    </Group>
  );
}
