import { Alert, Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import { KEY_PURPOSE_TEXT, type Detector } from '@vigil/contract';

/** The new key, shown this once: held only by the page's state, gone when dismissed or when the page is left. */
export function KeyMade({ detector, secret, onDone }: { detector: Detector; secret: string; onDone: () => void }) {
  return (
    <Alert color="yellow" variant="light" title="Copy the key now: it will not be shown again" role="status">
      <Stack gap="sm">
        <Text size="sm">
          {detector.name} ({detector.purposes.map((p) => KEY_PURPOSE_TEXT[p]).join(', ')}) is ready. Paste the key into the machine&apos;s
          settings. Vigil keeps only a fingerprint of it: once this notice is closed, nobody can see it again. If it is lost, revoke the key
          and make another.
        </Text>
        <Code block aria-label="Key" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
          {secret}
        </Code>
        <Group gap="sm">
          <CopyButton value={secret} timeout={3000}>
            {({ copied, copy }) => (
              <Button color={copied ? 'teal' : 'blue'} onClick={copy}>
                {copied ? 'Copied' : 'Copy key'}
              </Button>
            )}
          </CopyButton>
          <Button variant="default" onClick={onDone}>
            Done: I have copied it
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
