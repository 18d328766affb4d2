import { CameraSettingsButton } from '../features/cameras/components/camera-settings-button';
import { EventsTimeline } from '../features/events/components/events-timeline';
import ViewerPage, { type ViewerPanels } from '../features/video/pages/viewer-page';

/** What the events and cameras areas add to the viewer: features meet here, in the app layer, never in each other. */
const PANELS: ViewerPanels = { EventsPanel: EventsTimeline, CameraSettings: CameraSettingsButton };

/** /view/:cameraId?/:timestamp?: the video area's viewer with the camera's events and settings. */
export default function ViewerRoute({ title }: { title: string }) {
  return <ViewerPage title={title} panels={PANELS} />;
}
