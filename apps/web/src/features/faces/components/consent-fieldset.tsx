import { Checkbox, Group, Radio, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { CONSENT, CONSENT_MESSAGES, CONSENT_PURPOSES, type ConsentGiver, type ConsentPurpose, type ConsentState } from '@vigil/contract';
import type { ConsentForm } from '../lib/consent-form';

/**
 * The consent part of the Add/Edit form (issue 27): given or refused, by the person or a representative (named), what it
 * covers (recognition, alerts), and a note. Left unanswered, nothing is recorded.
 */
export function ConsentFieldset({
  value,
  error,
  onChange,
}: {
  value: ConsentForm;
  error: string | undefined;
  onChange: (value: ConsentForm) => void;
}) {
  const set = <K extends keyof ConsentForm>(key: K, v: ConsentForm[K]) => onChange({ ...value, [key]: v });
  return (
    <Stack gap="xs">
      <Radio.Group
        label="Consent to face recognition"
        description={value.state === null ? `${CONSENT_MESSAGES.none}.` : undefined}
        value={value.state ?? ''}
        onChange={(v) => set('state', v as ConsentState)}
      >
        <Group gap="lg" mt={4}>
          <Radio value="given" label="Given" />
          <Radio value="refused" label="Refused" />
        </Group>
      </Radio.Group>
      {value.state !== null && (
        <>
          <Radio.Group label="Answered by" value={value.given_by} onChange={(v) => set('given_by', v as ConsentGiver)}>
            <Group gap="lg" mt={4}>
              <Radio value="person" label="The person" />
              <Radio value="representative" label="A representative" />
            </Group>
          </Radio.Group>
          {value.given_by === 'representative' && (
            <TextInput
              label="Representative"
              description="Who answered for them, e.g. their daughter or legal guardian"
              required
              autoComplete="off"
              maxLength={CONSENT.representativeChars}
              value={value.representative}
              onChange={(e) => set('representative', e.currentTarget.value)}
            />
          )}
          {value.state === 'given' && (
            <Checkbox.Group label="Covers" value={value.purposes} onChange={(v) => set('purposes', v as ConsentPurpose[])}>
              <Group gap="lg" mt={4}>
                {CONSENT_PURPOSES.map((purpose) => (
                  <Checkbox key={purpose} value={purpose} label={CONSENT_MESSAGES.purpose[purpose]} />
                ))}
              </Group>
            </Checkbox.Group>
          )}
          <Textarea
            label="Note"
            autosize
            minRows={1}
            maxRows={4}
            maxLength={CONSENT.noteChars}
            value={value.note}
            onChange={(e) => set('note', e.currentTarget.value)}
          />
        </>
      )}
      {error && (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
