import { Badge, Group, Text } from '@mantine/core';
import { addressFlag } from '@vigil/contract';
import { useZip4, type PostalAddress } from '../api/get-zip4';

/** The postal check of a US address (§5): verified with its ZIP+4, flagged incorrect, or honestly not verified. */
export function PostalCheck({ address }: { address: PostalAddress | null }) {
  const zip4 = useZip4(address);
  if (!address) return null;
  if (zip4.isPending) return <Text size="sm">Checking the address with the postal service…</Text>;
  if (zip4.isError)
    return (
      <Text size="sm" c="dimmed">
        The address could not be checked.
      </Text>
    );
  const flag = addressFlag(zip4.data);
  return (
    <Group gap="xs" data-testid="postal-check" data-flag={flag}>
      <Badge color={flag === 'verified' ? 'teal' : flag === 'incorrect' ? 'red' : 'gray'} variant="light">
        {flag === 'verified'
          ? `ZIP+4 ${zip4.data.zip ?? address.zip}-${zip4.data.zip4}`
          : flag === 'incorrect'
            ? 'Address incorrect'
            : 'Not verified'}
      </Badge>
      <Text size="sm" c="dimmed">
        {zip4.data.message}
      </Text>
    </Group>
  );
}
