import { z } from 'zod';
import { uuidSchema } from './common.js';
import { hasOperation, type ServiceMap } from './entitlements.js';

/** GET /api/v1/staff/links?domain_uuid=: the staff menu's external links (analytics, metrics, tagging), for those who see the menu. */
export const staffLinksQuerySchema = z.object({ domain_uuid: uuidSchema });
export const staffLinkSchema = z.object({ label: z.string(), url: z.string() });
export const staffLinksReplySchema = z.object({ ok: z.literal(true), links: z.array(staffLinkSchema) });
export type StaffLink = z.infer<typeof staffLinkSchema>;
export type StaffLinksReply = z.infer<typeof staffLinksReplySchema>;

/**
 * The staff menu (part 1 §2): shown to a user holding staff/view_internal_links or staff/view_git_info, who then sees
 * all of it, the external links and the git text alike (DECISIONS.md).
 */
export const canSeeStaffMenu = (services: ServiceMap | undefined): boolean =>
  hasOperation(services, 'staff', 'view_internal_links') || hasOperation(services, 'staff', 'view_git_info');

export const APP_VERSION = '3.0.0';

/** Settings baked into the web build, shown on /staff/env and in the staff menu. */
export interface BuildInfo {
  version: string;
  gitBranch: string;
  gitCommit: string;
  buildTime: string;
  apiHost: string;
  socketHost: string;
}

export const STORAGE_TEXTS = {
  exportButton: 'Export Local Data',
  logoutButton: 'Logout & Reload Application',
  confirm: 'Are you sure? You will need to log in again.',
} as const;
