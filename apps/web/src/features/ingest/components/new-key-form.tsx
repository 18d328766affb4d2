import { useId, useState, type FormEvent } from 'react';
import { Alert, Button, Checkbox, Group, Stack, TextInput } from '@mantine/core';
import { KEY_PURPOSE_TEXT, type Detector, type KeyPurpose, type ServiceMap } from '@vigil/contract';
import { errorMessage } from '../../../lib/http';
import { useCreateDetector } from '../api/create-detector';
import { grantablePurposes, purposeScopeText } from '../lib/key-view';

const NAME_MAX = 80;

/**
 * Name a key and choose what it may do. Purposes whose operations the person lacks here are offered disabled, with the
 * operation named; a refusal from the server is shown as it came, keeping what was typed.
 */
export function NewKeyForm({
  domainId,
  services,
  onMade,
}: {
  domainId: string;
  services: ServiceMap | undefined;
  onMade: (secret: string, detector: Detector) => void;
}) {
  const [name, setName] = useState('');
  const [purposes, setPurposes] = useState<KeyPurpose[]>([]);
  const [problem, setProblem] = useState<{ name?: string; purposes?: string }>({});
  const create = useCreateDetector(domainId, onMade);
  const offered = grantablePurposes(services);
  // Mantine does not tie a checkbox to its description: each description gets an id the checkbox points to.
  const idBase = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = name.trim();
    const found = {
      ...(trimmed === '' && { name: 'Give the key a name that says which machine holds it.' }),
      ...(purposes.length === 0 && { purposes: 'Choose at least one purpose.' }),
    };
    setProblem(found);
    if (found.name || found.purposes) return;
    create.mutate(
      { domain_uuid: domainId, name: trimmed, purposes },
      {
        onSuccess: () => {
          setName('');
          setPurposes([]);
        },
      },
    );
  }

  return (
    <form onSubmit={submit} aria-label="New key" noValidate>
      <Stack gap="md">
        <TextInput
          label="Name"
          description="Which machine holds it, e.g. Front door badge reader"
          value={name}
          maxLength={NAME_MAX}
          onChange={(e) => setName(e.currentTarget.value)}
          error={problem.name}
          autoComplete="off"
          maw={520}
          required
        />
        <Checkbox.Group
          label="Purposes"
          description="What the key may do. Choose only what the machine needs: every other call is refused."
          value={purposes}
          onChange={(value) => setPurposes(value as KeyPurpose[])}
          error={problem.purposes}
          required
        >
          <Stack gap="sm" mt="xs">
            {offered.map(({ purpose, missing }) => (
              <Checkbox
                key={purpose}
                value={purpose}
                label={KEY_PURPOSE_TEXT[purpose]}
                disabled={missing.length > 0}
                aria-describedby={`${idBase}-${purpose}`}
                description={
                  <span id={`${idBase}-${purpose}`}>
                    {missing.length > 0
                      ? `${purposeScopeText(purpose)} You cannot give it here: it needs ${missing.join(' and ')}, which you do not hold in this building.`
                      : purposeScopeText(purpose)}
                  </span>
                }
              />
            ))}
          </Stack>
        </Checkbox.Group>
        {create.isError && (
          <Alert color="red" variant="light" role="alert" title="Key not made">
            {errorMessage(create.error)}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={create.isPending}>
            Make key
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
