import { Alert, Container, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import { PermissionsErrorAlert } from '../../../components/permissions-error-alert';
import { useCurrentDomain } from '../../../lib/current-domain';
import { useViewer } from '../../../lib/viewer';
import { ModelManagement } from '../components/model-management';
import { MODEL_TEXTS, modelAccess } from '../lib/model-view';

/** The top bar's phone width (app-layout): below it the model table becomes cards. */
const PHONE = '(max-width: 47.99em)';

/**
 * /staff/train, 'Manage Faces System' (part 2 §2). The route needs faces/manage_model (the router checks it); the
 * content needs faces/train_model too, and without it the page names the missing operation (DECISIONS.md).
 */
export function ManageModelsPage({ title = MODEL_TEXTS.title }: { title?: string }) {
  const { domainId, domain } = useCurrentDomain();
  const viewerState = useViewer();
  const phone = useMediaQuery(PHONE, false, { getInitialValueInEffect: false });

  let body;
  if (viewerState.status === 'loading') {
    body = <PageLoader label="Loading permissions" />;
  } else if (viewerState.status === 'error') {
    body = <PermissionsErrorAlert message={viewerState.message} />;
  } else if (!modelAccess(viewerState.services).canTrain) {
    body = (
      <Alert color="red" role="alert" title="Missing operation">
        {MODEL_TEXTS.missingTrainModel}
      </Alert>
    );
  } else if (domainId === null) {
    body = <PageLoader label="Loading buildings" />;
  } else {
    // Remounted per building, so an open details modal or a message never carries over to another.
    body = (
      <ModelManagement
        key={domainId}
        domainId={domainId}
        canViewProgress={modelAccess(viewerState.services).canViewProgress}
        stacked={phone}
      />
    );
  }

  return (
    <Container size="lg" py="md" px={{ base: 0, sm: 'md' }}>
      <Stack gap="md">
        <PageHeader title={title} building={domain?.description} />
        {body}
      </Stack>
    </Container>
  );
}

export default ManageModelsPage;
