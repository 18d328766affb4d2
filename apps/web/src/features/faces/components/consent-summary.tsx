import { Badge, Group, Text } from '@mantine/core';
import { CONSENT_MESSAGES, type Face } from '@vigil/contract';
import { formatMoment } from '../../../lib/format-moment';
import { useFaceConsents } from '../api/get-face-consents';
import { consentBadge, purposesText, recognisedNow } from '../lib/consent-form';

/**
 * A person's consent to recognition (issue 27): the badge, who answered and when (their newest recorded answer), and
 * whether the building recognises them now.
 */
export function ConsentSummary({ face, consentRequired }: { face: Face; consentRequired: boolean }) {
  // Only a person with an answer has answers to load.
  const consents = useFaceConsents(face.consent ? face.frontend_face_uuid : null);
  const badge = consentBadge(face.consent);
  const newest = consents.data?.[0];
  let detail: string | null = null;
  if (newest) {
    const by = newest.given_by === 'representative' ? `by ${newest.representative ?? 'a representative'}` : 'by the person';
    const what = newest.state === 'given' ? ` for ${purposesText(newest.purposes).toLowerCase()}` : '';
    detail = `${newest.state === 'given' ? 'Given' : 'Refused'} ${by}${what}; recorded by ${newest.recorded_by}, ${formatMoment(Date.parse(newest.recorded_at))}.`;
  }
  return (
    <Group gap="xs" wrap="wrap" aria-label="Consent" role="group">
      <Badge color={badge.color} variant="outline">
        {badge.label}
      </Badge>
      {detail && (
        <Text size="sm" c="dimmed">
          {detail}
          {newest?.note ? ` ${newest.note}` : ''}
        </Text>
      )}
      {!recognisedNow(consentRequired, face.consent) && (
        <Text size="sm" c="orange.8">
          {CONSENT_MESSAGES.notRecognised}
        </Text>
      )}
    </Group>
  );
}
