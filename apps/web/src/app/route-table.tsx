import { lazy, type ComponentType } from 'react';
import LandingPage from '../features/auth/pages/landing-page';
import type { RouteLinkInfo } from '../lib/route-catalog';

// Every page but the landing page loads on demand, so the first visit stays small.
const AlertsPage = lazy(() => import('../features/alerts/pages/alerts-page'));
const DashboardPage = lazy(() => import('../features/dashboard/pages/dashboard-page'));
const FeatureFlagsPage = lazy(() => import('../features/flags/pages/feature-flags-page'));
const PinPage = lazy(() => import('../features/pins/pages/pin-page'));
const PeoplePage = lazy(() => import('../features/accounts/pages/people-page'));
const PrivacyPage = lazy(() => import('../features/privacy/pages/privacy-page'));
const AuditPage = lazy(() => import('../features/audit/pages/audit-page'));
const ReportsPage = lazy(() => import('../features/reports/pages/reports-page'));
const EnvPage = lazy(() => import('../features/staff/pages/env-page'));
const StoragePage = lazy(() => import('../features/staff/pages/storage-page'));
const ClientErrorsPage = lazy(() => import('../features/staff/pages/client-errors-page'));
const ViewerPage = lazy(() => import('./viewer-route'));
const CamerasPage = lazy(() => import('../features/cameras/pages/cameras-page'));
const AnalyzersPage = lazy(() => import('../features/analyzers/pages/analyzers-page'));
const AddCameraPage = lazy(() => import('../features/cameras/pages/add-camera-page'));
const AlertSettingsPage = lazy(() => import('../features/alerts/pages/alert-settings-page'));
const KeysPage = lazy(() => import('../features/ingest/pages/keys-page'));
const FacesPage = lazy(() => import('../features/faces/pages/faces-page'));
const BadgesPage = lazy(() => import('../features/badges/pages/badges-page'));
const BuildingSetupPage = lazy(() => import('../features/onboarding/pages/building-setup-page'));
const AddCamerasPage = lazy(() => import('../features/onboarding/pages/add-cameras-page'));
const DetectedPage = lazy(() => import('../features/training/pages/detected-page'));
const ConfirmedPage = lazy(() => import('../features/training/pages/confirmed-page'));
const ManageModelsPage = lazy(() => import('../features/training/pages/manage-models-page'));

/** One route: drives the router, the guard, the top bar's links, the staff menu and the dashboard cards. */
export interface AppRoute extends RouteLinkInfo {
  page: ComponentType<{ title: string }>;
  /** With the top bar; false means the slim header (signed-in pages) or nothing (public pages). */
  navbar: boolean;
}

/** Spec part 1 §2 and part 2 §2/§6. Order is the order of links and cards. */
export const ROUTES: readonly AppRoute[] = [
  {
    path: '/',
    href: '/',
    title: 'Welcome',
    description: 'Sign in to Vigil.',
    access: { login: false },
    page: LandingPage,
    navbar: false,
    card: false,
  },
  {
    path: '/dashboard',
    href: '/dashboard',
    title: 'Dashboard',
    description: 'Everything you can open.',
    access: { login: true },
    page: DashboardPage,
    navbar: false,
    card: false,
  },
  {
    path: '/alerts',
    href: '/alerts',
    title: 'Alerts',
    description: 'Elopement-risk alerts and detection events.',
    access: { login: true, service: 'alerting' },
    flag: 'alerts_tab',
    navLabel: 'Alerts',
    page: AlertsPage,
    navbar: true,
    card: true,
  },
  {
    path: '/view/:cameraId?/:timestamp?',
    href: '/view',
    title: 'Video',
    description: 'Live and recorded video from your cameras.',
    access: { login: true, service: 'video' },
    flag: 'viewer',
    navLabel: 'Video',
    page: ViewerPage,
    navbar: true,
    card: true,
    stat: 'cameraCount',
  },
  {
    path: '/camera/all',
    href: '/camera/all',
    title: 'Cameras',
    description: 'Every camera in this building.',
    access: { login: true, service: 'video' },
    navLabel: 'Cameras',
    navFlag: 'cameras_page',
    page: CamerasPage,
    navbar: true,
    card: true,
  },
  {
    path: '/faces/:id?',
    href: '/faces',
    title: 'Faces',
    description: 'Residents, staff and visitors the system knows.',
    access: { login: true, service: 'faces' },
    flag: 'faces',
    navLabel: 'Faces',
    page: FacesPage,
    navbar: true,
    card: true,
  },
  {
    path: '/credential/:id?',
    href: '/credential',
    title: 'Badges',
    description: 'Keycard badge activity compared with detected faces.',
    access: { login: true, service: 'keycard' },
    flag: 'credentials',
    navLabel: 'Badges',
    page: BadgesPage,
    navbar: true,
    card: true,
  },
  {
    path: '/camera/add',
    href: '/camera/add',
    title: 'Add Camera',
    description: 'Add a camera to this building.',
    access: { login: true, service: 'video', operation: 'add' },
    navFlag: 'add_camera',
    page: AddCameraPage,
    navbar: true,
    card: true,
  },
  {
    path: '/alerts/settings',
    href: '/alerts/settings',
    title: 'Alert Settings',
    description: 'Choose what raises an alert, and when.',
    access: { login: true, service: 'alerting', operation: 'edit' },
    flag: 'alert_settings',
    page: AlertSettingsPage,
    navbar: false,
    card: true,
  },
  {
    path: '/keys',
    href: '/keys',
    title: 'Machine Keys',
    description: 'Keys for analyzers, detectors and access-control systems.',
    access: { login: true, service: 'alerting', operation: 'edit' },
    page: KeysPage,
    navbar: false,
    card: true,
  },
  {
    path: '/account/people',
    href: '/account/people',
    title: 'People',
    description: 'Who may use Vigil in this building: invite, change roles, revoke.',
    access: { login: true, service: 'account', operation: 'find_all' },
    navLabel: 'People',
    page: PeoplePage,
    navbar: true,
    card: true,
  },
  {
    // Not staff-only, as the audit trail: a building's administrators see and set their own building's retention.
    path: '/staff/privacy',
    href: '/staff/privacy',
    title: 'Privacy',
    description: 'How long each kind of data is kept here, how much is held, and recognition consent.',
    access: { login: true, service: 'account', operation: 'view_audit' },
    page: PrivacyPage,
    navbar: true,
    card: true,
  },
  {
    // Not staff-only: a building's administrators read their own building's trail (issue 27). Linked from People too.
    path: '/staff/audit',
    href: '/staff/audit',
    title: 'Audit Trail',
    description: 'Who watched, exported, answered or changed what in this building, and when.',
    access: { login: true, service: 'account', operation: 'view_audit' },
    page: AuditPage,
    navbar: true,
    card: true,
  },
  {
    path: '/report/:id?',
    href: '/report',
    title: 'Reports',
    description: 'Credential mismatch, badge sharing, tailgating and elopement alert reports, made nightly or on demand.',
    access: { login: true, service: 'keycard', operation: 'view_reports' },
    page: ReportsPage,
    navbar: true,
    card: true,
  },
  {
    path: '/account/settings/pin',
    href: '/account/settings/pin',
    title: 'Set PIN',
    description: 'Set the PIN used to dismiss alerts.',
    access: { login: true, staff: true, service: 'alerting', operation: 'set_dismiss_pin' },
    page: PinPage,
    navbar: true,
    card: true,
  },
  {
    path: '/staff/onboard',
    href: '/staff/onboard',
    title: 'Building Onboarding',
    description: 'Set up a new building and its cameras.',
    access: { login: true, staff: true, service: 'staff' },
    page: BuildingSetupPage,
    navbar: true,
    card: true,
  },
  {
    path: '/staff/onboard/addCameras',
    href: '/staff/onboard/addCameras',
    title: 'Add Cameras',
    description: 'The camera step of building onboarding.',
    access: { login: true },
    page: AddCamerasPage,
    navbar: true,
    card: false,
  },
  {
    path: '/detected/:faceId?',
    href: '/detected',
    title: 'Face Training',
    description: 'Review face detections to train recognition.',
    access: { login: true, staff: true, service: 'faces', operation: 'train_model' },
    page: DetectedPage,
    navbar: true,
    card: true,
  },
  {
    path: '/confirmed/:faceId?',
    href: '/confirmed',
    title: 'Confirmed Faces',
    description: 'Detections confirmed to a person.',
    access: { login: true, staff: true, service: 'faces', operation: 'train_model' },
    page: ConfirmedPage,
    navbar: true,
    card: true,
  },
  {
    path: '/staff/train',
    href: '/staff/train',
    title: 'Manage Faces System',
    description: 'Face-recognition models and training.',
    access: { login: true, staff: true, service: 'faces', operation: 'manage_model' },
    page: ManageModelsPage,
    navbar: true,
    card: true,
  },
  {
    path: '/staff/features',
    href: '/staff/features',
    title: 'Feature Flags',
    description: 'Server, local and applied feature flags.',
    access: { login: true, staff: true, service: 'staff', operation: 'feature_flags' },
    page: FeatureFlagsPage,
    navbar: true,
    card: true,
  },
  {
    path: '/staff/env',
    href: '/staff/env',
    title: 'Environment',
    description: 'Build settings of this web app.',
    access: { login: true, staff: true, service: 'staff', operation: 'view_env_info' },
    page: EnvPage,
    navbar: true,
    card: true,
  },
  {
    path: '/staff/storage',
    href: '/staff/storage',
    title: 'Diagnostic Export',
    description: 'Export local data, or reset this browser.',
    access: { login: true, staff: true, service: 'staff', operation: 'diagnostic_export' },
    page: StoragePage,
    navbar: true,
    card: true,
  },
  {
    path: '/staff/errors',
    href: '/staff/errors',
    title: 'Client Errors',
    description: 'Network failures and player errors that browsers reported.',
    access: { login: true, staff: true, service: 'staff', operation: 'diagnostic_export' },
    page: ClientErrorsPage,
    navbar: true,
    card: true,
  },
  {
    path: '/staff/analyzers',
    href: '/staff/analyzers',
    title: 'Analyzers',
    description: "How each camera's live video is analysed for faces and objects.",
    // Staff only; the video service is what GET /api/v4/analyzers asks for, so the page opens where its data can load.
    access: { login: true, staff: true, service: 'video' },
    page: AnalyzersPage,
    navbar: true,
    card: true,
  },
];
