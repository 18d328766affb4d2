import { useMemo } from 'react';
import { Stack, Text } from '@mantine/core';
import { isFaceId } from '@vigil/contract';
import { useParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import { useFaces } from '../../../lib/api/get-faces';
import { useCurrentDomain } from '../../../lib/current-domain';
import { useFlag } from '../../../lib/flags';
import { ConfirmedFacesList } from '../components/confirmed-faces-list';
import { confirmedView } from '../lib/confirmed-view';
import { personNames } from '../lib/person-names';

/** /confirmed/:faceId? — everyone's confirmed faces, or one person's (part 2 §2); the title is the spec's, not the route's. */
export default function ConfirmedPage(_props: { title: string }) {
  const { domains, domainId, domain } = useCurrentDomain();
  const dummy = useFlag('dummy_face_names');
  const faceId = useParams().faceId;
  const people = useFaces(domainId);
  const names = useMemo(() => personNames(people.data, dummy), [people.data, dummy]);

  // A person's page waits for the people of the building: the id must name one of them.
  if (domains === undefined || (isFaceId(faceId) && domainId !== null && people.isPending))
    return <PageLoader label="Loading confirmed faces" />;
  const view = confirmedView(faceId, names.known);
  return (
    <Stack gap="sm">
      <PageHeader title={view.title} building={domain?.description} />
      {domainId ? (
        <ConfirmedFacesList key={`${domainId}|${view.personId ?? ''}`} domainId={domainId} personId={view.personId} names={names} />
      ) : (
        <Text>There is no building to show confirmed faces for.</Text>
      )}
    </Stack>
  );
}
