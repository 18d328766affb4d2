import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, MultiSelect, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { ESCALATION, type EscalationReply } from '@vigil/contract';
import { errorMessage } from '../../../lib/http';
import { useEscalation } from '../api/get-escalation';
import { useSaveEscalation } from '../api/save-escalation';
import {
  formToSettings,
  settingsToForm,
  tierTiming,
  withTierAdded,
  withTierChanged,
  withTierRemoved,
  type EscalationForm,
  type EscalationFormErrors,
} from '../lib/escalation-form';

/**
 * The building's escalation: how long an unacknowledged elopement alert waits before the next tier is told, and the
 * tiers (each some roles and users, or everyone who receives alerts). Holders of alerting/edit change it; others read it.
 */
export function EscalationSection({ domainId, canEdit }: { domainId: string; canEdit: boolean }) {
  const escalation = useEscalation(domainId);
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="escalation-title">
      <Stack gap="sm">
        <Title order={2} fz="h4" id="escalation-title">
          Escalation
        </Title>
        <Text size="sm" c="dimmed">
          An elopement alert tells the first tier at once. When nobody says &quot;I&apos;m on it&quot; within the delay, the next tier is
          told, and so on. A tier with no roles and no users tells everyone who receives alerts here.
        </Text>
        {escalation.isPending && <Text size="sm">Loading the escalation…</Text>}
        {escalation.isError && (
          <Alert color="red" variant="light" role="alert">
            Could not load the escalation: {errorMessage(escalation.error)}
            <div>
              <Button mt="sm" size="xs" variant="light" color="red" onClick={() => void escalation.refetch()}>
                Try again
              </Button>
            </div>
          </Alert>
        )}
        {escalation.data && (
          // The form keeps what the user typed while the settings reload (after a save they are the same).
          <EscalationFields domainId={domainId} reply={escalation.data} canEdit={canEdit} />
        )}
      </Stack>
    </Paper>
  );
}

function EscalationFields({ domainId, reply, canEdit }: { domainId: string; reply: EscalationReply; canEdit: boolean }) {
  const [form, setForm] = useState<EscalationForm>(() => settingsToForm(reply.settings));
  const [errors, setErrors] = useState<EscalationFormErrors>({});
  const [saved, setSaved] = useState(false);
  const save = useSaveEscalation(domainId);
  const roles = reply.roles.map((r) => ({ value: r.id, label: r.name }));
  const users = reply.users.map((u) => ({ value: u.id, label: `${u.name} (${u.email})` }));
  const delay = Number(form.delaySeconds) || reply.settings.delay_seconds;

  function change(next: EscalationForm) {
    setForm(next);
    setSaved(false);
    setErrors({});
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const result = formToSettings(form);
    if (!result.ok) return setErrors(result.errors);
    save.mutate(result.settings, { onSuccess: () => setSaved(true) });
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Escalation settings">
      <Stack gap="sm">
        {!canEdit && (
          <Text size="sm" role="note">
            You can read the escalation; changing it needs alerting/edit in this building.
          </Text>
        )}
        <TextInput
          label="Delay (seconds)"
          description={`Unacknowledged this long, an alert goes to the next tier (${ESCALATION.minDelaySeconds}–${ESCALATION.maxDelaySeconds} s).`}
          inputMode="numeric"
          value={form.delaySeconds}
          onChange={(e) => change({ ...form, delaySeconds: e.currentTarget.value })}
          error={errors.delay}
          disabled={!canEdit}
          maw={320}
        />
        {errors.tiers && (
          <Text size="sm" c="red" role="alert">
            {errors.tiers}
          </Text>
        )}
        <Stack gap="sm" component="ol" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Tiers">
          {form.tiers.map((tier, i) => (
            <Paper component="li" key={tier.key} withBorder radius="sm" p="sm" aria-label={`Tier ${i + 1}: ${tier.name || 'unnamed'}`}>
              <Stack gap="xs">
                <Group justify="space-between" gap="xs">
                  <Text size="sm" fw={600}>
                    Tier {i + 1} · {tierTiming(i, form.tiers.length, delay)}
                  </Text>
                  {canEdit && form.tiers.length > 1 && (
                    <Button size="compact-xs" variant="subtle" color="red" onClick={() => change(withTierRemoved(form, tier.key))}>
                      Remove tier {i + 1}
                    </Button>
                  )}
                </Group>
                <TextInput
                  label="Name"
                  value={tier.name}
                  maxLength={60}
                  onChange={(e) => change(withTierChanged(form, tier.key, { name: e.currentTarget.value }))}
                  error={errors[`tier.${i}.name`]}
                  disabled={!canEdit}
                />
                <MultiSelect
                  label="Roles"
                  placeholder={tier.roleIds.length === 0 && tier.userIds.length === 0 ? 'Everyone who receives alerts' : undefined}
                  data={roles}
                  value={tier.roleIds}
                  onChange={(roleIds) => change(withTierChanged(form, tier.key, { roleIds }))}
                  disabled={!canEdit}
                  clearable
                />
                <MultiSelect
                  label="People"
                  data={users}
                  value={tier.userIds}
                  onChange={(userIds) => change(withTierChanged(form, tier.key, { userIds }))}
                  disabled={!canEdit}
                  searchable
                  clearable
                />
              </Stack>
            </Paper>
          ))}
        </Stack>
        {save.isError && (
          <Alert color="red" variant="light" role="alert" title="The escalation was not saved">
            {errorMessage(save.error)}
          </Alert>
        )}
        {saved && (
          <Alert color="teal" variant="light" role="status">
            Saved the escalation.
          </Alert>
        )}
        {canEdit && (
          <Group justify="space-between" gap="sm">
            <Button variant="light" onClick={() => change(withTierAdded(form))} disabled={form.tiers.length >= ESCALATION.maxTiers}>
              Add a tier
            </Button>
            <Button type="submit" loading={save.isPending}>
              Save escalation
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}
