import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { validateLongClipRange } from '@vigil/contract';
import { currentApiHost } from '../../../lib/api-host';
import { fromDateTimeInput, toDateTimeInput } from '../../../lib/date-inputs';
import { errorMessage } from '../../../lib/http';
import { useLongClip } from '../api/get-long-clip';
import { downloadFile } from '../lib/download-file';
import { resolveMediaUrl } from '../../../lib/media-url';

const DEFAULT_LENGTH_MS = 5 * 60_000;

type Feedback = { kind: 'error' | 'success'; text: string } | null;

/** Five minutes up to `anchor`, or the five minutes before it when that would reach the future. */
function defaultRange(anchor: number, now: number) {
  const end = Math.min(anchor + DEFAULT_LENGTH_MS, now - 60_000);
  return { start: toDateTimeInput(new Date(end - DEFAULT_LENGTH_MS)), end: toDateTimeInput(new Date(end)) };
}

/** The long clip download (spec part 1 §2, §5, §8): a start and end up to 2 hours apart, downloaded as one MP4. */
export function LongClipDialog({ cameraId, anchor, onClose }: { cameraId: string; anchor: number | null; onClose: () => void }) {
  const [range, setRange] = useState(() => defaultRange(anchor ?? Date.now(), Date.now()));
  const [feedback, setFeedback] = useState<Feedback>(null);
  const longClip = useLongClip();

  function submit(event: FormEvent) {
    event.preventDefault();
    const start = fromDateTimeInput(range.start);
    const end = fromDateTimeInput(range.end);
    if (!start || !end) return setFeedback({ kind: 'error', text: 'Choose a start and an end.' });
    const problem = validateLongClipRange(start, end, new Date());
    if (problem) return setFeedback({ kind: 'error', text: problem });
    setFeedback(null);
    longClip.mutate(
      { cameraId, start, end },
      {
        onSuccess: ({ url, filename }) => {
          downloadFile(resolveMediaUrl(url, currentApiHost()), filename);
          setFeedback({ kind: 'success', text: `Your download of ${filename} has started.` });
        },
        onError: (error) => setFeedback({ kind: 'error', text: `Error! ${errorMessage(error)}` }),
      },
    );
  }

  return (
    <Modal opened onClose={onClose} title="Download a long clip" centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            One video file of up to 2 hours, in your local time.
          </Text>
          <TextInput
            type="datetime-local"
            label="Start"
            value={range.start}
            onChange={(e) => setRange({ ...range, start: e.currentTarget.value })}
          />
          <TextInput
            type="datetime-local"
            label="End"
            value={range.end}
            onChange={(e) => setRange({ ...range, end: e.currentTarget.value })}
          />
          {feedback && (
            <Alert color={feedback.kind === 'error' ? 'red' : 'teal'} role={feedback.kind === 'error' ? 'alert' : 'status'} variant="light">
              {feedback.text}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Close
            </Button>
            <Button type="submit" loading={longClip.isPending}>
              Download
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
