import { Button, Divider, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { ONBOARDING_MESSAGES, type DomainNewReply } from '@vigil/contract';
import { InviteAccountForm } from '../../../components/invite-account-form';

/** 'SUCCESS!' (spec part 1 §2), then the people of the new building: invite them with their roles. */
export function SuccessModal({ created, onWatch, onAnother }: { created: DomainNewReply | null; onWatch(): void; onAnother(): void }) {
  return (
    <Modal opened={created !== null} onClose={onAnother} withCloseButton={false} closeOnClickOutside={false} size="lg" centered>
      {created && (
        <Stack gap="md">
          <Title order={2} ta="center" c="teal">
            {ONBOARDING_MESSAGES.success}
          </Title>
          <Text ta="center">
            {created.domain.description} is set up with {created.cameras.length} camera{created.cameras.length === 1 ? '' : 's'}, recording
            now.
          </Text>
          <Divider label="People of the building" labelPosition="center" />
          <Text size="sm" c="dimmed">
            Invite the people who work here by e-mail; they sign in with that address. You can change or revoke their access later on the
            People page.
          </Text>
          <InviteAccountForm domainId={created.domain.uuid} />
          <Group justify="space-between" mt="sm">
            <Button variant="default" onClick={onAnother}>
              Onboard another building
            </Button>
            <Button onClick={onWatch}>Watch live</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
