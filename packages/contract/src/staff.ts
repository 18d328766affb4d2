import { z } from 'zod';
import { uuidSchema } from './common.js';

/** GET /api/v1/staff/links?domain_uuid=: the staff menu's external links (analytics, metrics, tagging). */
export const staffLinksQuerySchema = z.object({ domain_uuid: uuidSchema });
export const staffLinkSchema = z.object({ label: z.string(), url: z.string() });
export const staffLinksReplySchema = z.object({ ok: z.literal(true), links: z.array(staffLinkSchema) });
export type StaffLink = z.infer<typeof staffLinkSchema>;
export type StaffLinksReply = z.infer<typeof staffLinksReplySchema>;

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
