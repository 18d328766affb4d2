import { badRequest } from '../../lib/http-error.js';
import type { EventCursor } from './events.repository.js';

/** The opaque cursor of GET /api/events/v1/alerts: the (started_at, id) of the last event of the previous page. */
export function encodeCursor(cursor: EventCursor): string {
  return Buffer.from(`${cursor.startedAt.toString(36)}.${cursor.id}`).toString('base64url');
}

export function decodeCursor(token: string): EventCursor {
  const text = Buffer.from(token, 'base64url').toString();
  const match = /^([0-9a-z]{1,12})\.([0-9a-f-]{36})$/.exec(text);
  if (!match) throw badRequest('pagination_token is not a token this server gave out.');
  return { startedAt: Number.parseInt(match[1]!, 36), id: match[2]! };
}
