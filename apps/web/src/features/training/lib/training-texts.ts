import { FACES_MESSAGES, TRAINING_MESSAGES, formatFilterDate } from '@vigil/contract';

/** What the training pages say (part 2 §2, §8), verbatim. The contract holds the ones the server also uses. */
export const DETECTED_TEXTS = {
  noResults: FACES_MESSAGES.noResults,
  newResults: (n: number) => `Have ${n} new results`,
  refresh: 'Refresh',
  showingUpTo: 'Showing results up to',
  loadMore: 'Load More',
  notAFace: 'Not a Face',
  visitor: 'Visitor',
  undo: 'Undo',
  visitorAdded: TRAINING_MESSAGES.visitorAdded,
} as const;

export const CONFIRMED_TEXTS = {
  all: 'All Confirmed Faces',
  forPerson: (name: string) => `Confirmed Faces for ${name}`,
  empty: 'No results.',
  remove: 'Remove',
} as const;

/** A moment as the training pages show it exactly (on hover): New York time, like the date filter (part 2 §2). */
export const exactTime = (iso: string): string => `${formatFilterDate(iso)} (New York time)`;
