import { PermissionsErrorAlert } from '../../components/permissions-error-alert';
import { useEntitlements } from '../../lib/api/get-entitlements';
import { errorMessage } from '../../lib/http';

/** Shown on every signed-in page while the last entitlements load failed. */
export function PermissionsNotice() {
  const entitlements = useEntitlements();
  if (!entitlements.isError) return null;
  return <PermissionsErrorAlert message={errorMessage(entitlements.error)} />;
}
