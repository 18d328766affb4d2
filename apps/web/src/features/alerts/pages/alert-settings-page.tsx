import { useState } from 'react';
import { Alert, Anchor, Button, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { hasOperation, sortCameras, type AlertRule, type AlertRuleFields } from '@vigil/contract';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import { useCurrentDomain } from '../../../lib/current-domain';
import { errorMessage } from '../../../lib/http';
import { useViewer } from '../../../lib/viewer';
import { useAlertSettings } from '../api/get-alert-settings';
import { useDeleteAlertRule } from '../api/delete-alert-rule';
import { useSaveAlertRule } from '../api/save-alert-rule';
import { AlertRuleEditor } from '../components/alert-rule-editor';
import { AlertRuleList } from '../components/alert-rule-list';
import { EscalationSection } from '../components/escalation-editor';
import { EMPTY_RULE_FORM, ruleToForm } from '../lib/alert-rule-form';

/** The rules of one building, the form to add or edit one, and the building's escalation. */
function AlertSettings({ domainId, building }: { domainId: string; building: string }) {
  const { domain } = useCurrentDomain();
  const viewer = useViewer();
  const canEdit = viewer.status === 'ready' && hasOperation(viewer.services, 'alerting', 'edit');
  const cameras = sortCameras(domain?.cameras ?? []);
  const settings = useAlertSettings(domainId);
  const save = useSaveAlertRule(domainId);
  const remove = useDeleteAlertRule(domainId);
  const [editing, setEditing] = useState<AlertRule | null>(null);
  // A new key gives the editor a fresh form: after a save, on Edit, on Cancel.
  const [editorKey, setEditorKey] = useState(0);
  const [notice, setNotice] = useState<string | null>(null);

  function startEditing(rule: AlertRule | null) {
    setEditing(rule);
    setEditorKey((k) => k + 1);
    save.reset();
    setNotice(null);
  }

  function onSave(rule: AlertRuleFields) {
    setNotice(null);
    save.mutate(
      { id: editing?.id ?? null, rule },
      {
        onSuccess: (saved) => {
          startEditing(null);
          setNotice(`Saved the rule “${saved.name}”.`);
        },
      },
    );
  }

  function onDelete(rule: AlertRule, done: () => void) {
    remove.mutate(rule.id, {
      onSuccess: () => {
        done();
        if (editing?.id === rule.id) startEditing(null);
        setNotice(`Deleted the rule “${rule.name}”.`);
      },
      onError: done,
    });
  }

  if (settings.isPending) return <PageLoader label="Loading alert settings" />;
  if (settings.isError) {
    return (
      <Alert color="red" title="Error" role="alert">
        Could not load the alert settings: {errorMessage(settings.error)}
        <div>
          <Button mt="sm" size="xs" variant="light" color="red" onClick={() => void settings.refetch()}>
            Try again
          </Button>
        </div>
      </Alert>
    );
  }

  const { rules, timezone, today } = settings.data;
  const twilight =
    today.dawn && today.dusk ? `dawn ${today.dawn}, dusk ${today.dusk}` : 'dawn and dusk unknown (no location), 06:00 and 18:00 are used';
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        Today at {building}: {twilight} ({timezone}).
      </Text>
      {notice && (
        <Alert color="teal" variant="light" role="status" withCloseButton onClose={() => setNotice(null)}>
          {notice}
        </Alert>
      )}
      {remove.isError && (
        <Alert color="red" variant="light" role="alert" title="The rule was not deleted">
          {errorMessage(remove.error)}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" style={{ alignItems: 'start' }}>
        <Stack gap="sm" component="section" aria-labelledby="alert-rules-title">
          <Group justify="space-between">
            <Title order={2} fz="h4" id="alert-rules-title">
              Rules
            </Title>
            {editing && (
              <Button size="xs" variant="light" onClick={() => startEditing(null)}>
                Add a rule
              </Button>
            )}
          </Group>
          {rules.length === 0 ? (
            <Text size="sm">No rules yet, so every event at {building} raises an alert. Add a rule to choose which events do.</Text>
          ) : (
            <>
              <Text size="sm" c="dimmed">
                An event raises an alert only when an enabled rule covers its category, camera, day and time.
              </Text>
              <AlertRuleList
                rules={rules}
                cameras={cameras}
                editingId={editing?.id ?? null}
                deleting={remove.isPending}
                onEdit={startEditing}
                onDelete={onDelete}
              />
            </>
          )}
        </Stack>
        <AlertRuleEditor
          key={editorKey}
          initial={editing ? ruleToForm(editing) : EMPTY_RULE_FORM}
          editing={editing?.name ?? null}
          cameras={cameras}
          today={today}
          saving={save.isPending}
          serverError={save.error}
          onSave={onSave}
          onCancel={() => startEditing(null)}
        />
      </SimpleGrid>
      <EscalationSection domainId={domainId} canEdit={canEdit} />
    </Stack>
  );
}

/** /alerts/settings (spec part 1 §2, §9): which events raise alerts, and when. Needs alerting/edit. */
export default function AlertSettingsPage({ title }: { title: string }) {
  const { domainId, domain } = useCurrentDomain();
  return (
    <Container size="lg" py="md" px={0}>
      <Stack gap="md">
        <PageHeader
          title={title}
          building={domain?.description}
          action={
            <Anchor component={Link} to="/alerts">
              Back to alerts
            </Anchor>
          }
        />
        {domainId ? (
          // Remount per building, so a form begun in one building is never saved to another.
          <AlertSettings key={domainId} domainId={domainId} building={domain?.description ?? 'this building'} />
        ) : (
          <PageLoader label="Loading buildings" />
        )}
      </Stack>
    </Container>
  );
}
