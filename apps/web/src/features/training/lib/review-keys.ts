import { TRAINING } from '@vigil/contract';

// The training tool's keyboard (a reviewer clears a list without the mouse): one key per move and per answer.

export type ReviewKeyAction =
  | { kind: 'next' }
  | { kind: 'previous' }
  /** confirm the selected detection to candidate `candidate` (0-based) */
  | { kind: 'confirm'; candidate: number }
  | { kind: 'notAFace' }
  | { kind: 'visitor' }
  | { kind: 'undo' }
  | { kind: 'loadMore' };

interface KeyTarget {
  tagName?: string;
  isContentEditable?: boolean;
  getAttribute?: (name: string) => string | null;
}

const TYPING_ROLES = new Set(['textbox', 'combobox', 'searchbox', 'spinbutton', 'listbox', 'option', 'slider']);

/** Keys typed into a field (or a list box of one) are the field's, never the list's. */
export function isTypingTarget(target: KeyTarget | null): boolean {
  if (!target) return false;
  const tag = target.tagName?.toUpperCase();
  if (tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT' || target.isContentEditable) return true;
  const role = target.getAttribute?.('role');
  return role !== null && role !== undefined && TYPING_ROLES.has(role);
}

const SINGLE_KEYS: Record<string, ReviewKeyAction> = {
  j: { kind: 'next' },
  arrowdown: { kind: 'next' },
  k: { kind: 'previous' },
  arrowup: { kind: 'previous' },
  x: { kind: 'notAFace' },
  n: { kind: 'notAFace' },
  v: { kind: 'visitor' },
  u: { kind: 'undo' },
  l: { kind: 'loadMore' },
};

/** What a key press asks of the list, or null for keys it leaves alone (with a modifier, or while typing). */
export function reviewKeyAction(event: {
  key: string;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
  target: KeyTarget | null;
}): ReviewKeyAction | null {
  if (event.ctrlKey || event.metaKey || event.altKey || isTypingTarget(event.target)) return null;
  const digit = /^[1-9]$/.test(event.key) ? Number(event.key) : 0;
  if (digit >= 1 && digit <= TRAINING.maxCandidates) return { kind: 'confirm', candidate: digit - 1 };
  return SINGLE_KEYS[event.key.toLowerCase()] ?? null;
}

/** The help line under the list: each key and what it does. */
export const REVIEW_KEY_HELP: readonly { keys: readonly string[]; does: string }[] = [
  { keys: ['J', '↓'], does: 'next' },
  { keys: ['K', '↑'], does: 'previous' },
  { keys: ['1–4'], does: 'confirm to that candidate' },
  { keys: ['X', 'N'], does: 'Not a Face' },
  { keys: ['V'], does: 'Visitor' },
  { keys: ['U'], does: 'Undo' },
  { keys: ['L'], does: 'Load More' },
];
