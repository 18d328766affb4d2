import { Alert } from '@mantine/core';
import { recentVerificationWarning, type AccessEventsReply } from '@vigil/contract';
import { useNow } from '../../../lib/use-now';
import { recentVerificationText } from '../lib/badge-texts';

/**
 * The staff warning (part 2 §2, §9): someone else verified this identity's taps less than 60 seconds ago. It ticks on
 * its own, every second, so the count stays true and the rest of the detail does not re-render; `receivedAt` (when the
 * reply came) keeps a clock that has not ticked yet from reading a fresh verification as one in the future.
 */
export function RecentVerificationAlert({
  last,
  email,
  receivedAt,
}: {
  last: AccessEventsReply['lastVerification'];
  email: string | null;
  receivedAt: number;
}) {
  const now = Math.max(useNow(1_000), receivedAt);
  const warning = recentVerificationWarning(last, email ?? '', now);
  if (!warning) return null;
  return (
    <Alert color="yellow" role="alert" title="Someone else is verifying this badge">
      {recentVerificationText(warning)}
    </Alert>
  );
}
