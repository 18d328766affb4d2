import { useState, type FormEvent } from 'react';
import { Alert, Button, MultiSelect, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { PIN_MESSAGES, pinTarget, validatePin } from '@vigil/contract';
import { errorMessage } from '../../../lib/http';
import { usePinEnabledUsers } from '../api/get-pin-enabled-users';
import { useResetPin } from '../api/reset-pin';

type Feedback = { kind: 'success'; text: string } | { kind: 'error'; text: string } | null;

/** 'Set PIN' (spec part 1 §2/§5): administrators pick a person; everyone else sets their own PIN. */
export function SetPinPanel({ title, domainId, canAdminister }: { title: string; domainId: string | null; canAdminister: boolean }) {
  const [selected, setSelected] = useState<string[]>([]);
  const [pin, setPin] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [feedback, setFeedback] = useState<Feedback>(null);
  const users = usePinEnabledUsers(domainId, canAdminister);
  const save = useResetPin();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!domainId) return;
    const target = pinTarget(canAdminister ? selected : []);
    if (!target.ok) return setFeedback({ kind: 'error', text: target.error });
    const problem = validatePin(pin, confirmation);
    if (problem) return setFeedback({ kind: 'error', text: problem });
    setFeedback(null);
    save.mutate(
      { userId: target.userId, domainId, pin },
      {
        onSuccess: () => {
          setFeedback({ kind: 'success', text: PIN_MESSAGES.success });
          setPin('');
          setConfirmation('');
        },
        // What the user typed stays, so they can fix it and try again.
        onError: (error) => setFeedback({ kind: 'error', text: errorMessage(error) }),
      },
    );
  }

  return (
    <Paper withBorder p="lg" radius="md" maw={480} component="form" onSubmit={submit} aria-labelledby="set-pin-title" noValidate>
      <Stack gap="md">
        <Title order={1} fz="h2" id="set-pin-title">
          {title}
        </Title>
        <Text size="sm" c="dimmed">
          {canAdminister
            ? 'Choose a person to set their PIN, or leave the person empty to set your own.'
            : 'Your PIN confirms who dismissed an alert. Use at least 4 digits.'}
        </Text>
        {canAdminister && (
          <MultiSelect
            label="Person"
            placeholder={selected.length === 0 ? 'Yourself' : undefined}
            data={(users.data ?? []).map((user) => ({ value: user.uuid, label: user.name }))}
            value={selected}
            onChange={setSelected}
            searchable
            clearable
            nothingFoundMessage={users.isPending ? 'Loading people…' : 'Nobody matches'}
            error={users.isError ? `Could not load people: ${errorMessage(users.error)}` : undefined}
          />
        )}
        <PasswordInput
          label="New PIN"
          value={pin}
          onChange={(e) => setPin(e.currentTarget.value)}
          inputMode="numeric"
          autoComplete="new-password"
        />
        <PasswordInput
          label="Confirm PIN"
          value={confirmation}
          onChange={(e) => setConfirmation(e.currentTarget.value)}
          inputMode="numeric"
          autoComplete="new-password"
        />
        {feedback && (
          <Alert color={feedback.kind === 'success' ? 'teal' : 'red'} variant="light" role="alert">
            {feedback.text}
          </Alert>
        )}
        <Button type="submit" loading={save.isPending} disabled={!domainId}>
          Save
        </Button>
      </Stack>
    </Paper>
  );
}
