import { hasOperation, type CameraExitReply, type ServiceMap } from '@vigil/contract';

/** What an exit is, where the exit switch and badge explain it. */
export const EXIT_MEANING = 'Faces of residents at elopement risk seen here raise elopement alerts.';

/** Who may mark a camera an exit (or not): alerting/edit in its building, whatever their video rights. */
export const mayMarkExits = (services: ServiceMap | undefined): boolean => hasOperation(services, 'alerting', 'edit');

/** What the settings say once the server took a change (or found the camera already so). */
export function exitChangeText(reply: CameraExitReply): string {
  const { name, is_exit } = reply.camera;
  if (!reply.changed) return is_exit ? `${name} was already an exit.` : `${name} was not an exit.`;
  return is_exit ? `${name} is now an exit: the analyzers treat its next frame as an exit's.` : `${name} is no longer an exit.`;
}
