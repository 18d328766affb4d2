import { useMutation } from '@tanstack/react-query';
import { MATCH_FINDER_MESSAGES, type MatchFinderRequest, type matchFinderReplySchema } from '@vigil/contract';
import type { z } from 'zod';
import { HttpError, apiRequest } from '../../../lib/http';

export type MatchFinderReply = z.infer<typeof matchFinderReplySchema>;

/**
 * POST /api/v6/faces/matchfinder (faces/train_model): past faces most like a person, best first. A reply that is not
 * ok is an error about the building's time zone (part 2 §8) unless it names another.
 */
export async function findMatches(body: MatchFinderRequest): Promise<MatchFinderReply> {
  const reply = await apiRequest<MatchFinderReply | { ok: false; error?: string; err?: string }>('POST', '/api/v6/faces/matchfinder', {
    service: null,
    body,
  });
  if (!reply.ok) throw new HttpError(reply.error ?? reply.err ?? MATCH_FINDER_MESSAGES.noTimezone, 200, reply);
  return reply;
}

/** A search is asked for with a button and its results are worked on in the modal, so it is a mutation, not a cached query. */
export const useFindMatches = () => useMutation({ mutationFn: findMatches });
