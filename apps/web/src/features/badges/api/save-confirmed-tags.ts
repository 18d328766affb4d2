import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ConfirmedTagInput } from '@vigil/contract';
import { apiRequest } from '../../../lib/http';
import { accessEventsDomainKey } from './get-access-events';
import { credentialScoreDomainKey } from './get-credential-score';
import { credentialsQueryKey } from './get-credentials';
import { tagSearchDomainKey } from './search-tags';

export interface SaveTagsArgs {
  domainId: string;
  tags: readonly ConfirmedTagInput[];
}

/** What the confirmed_tags calls answer; `ok` is checked, not assumed (part 2 §8). */
export interface SavedTagsReply {
  ok: boolean;
  saved: number;
}

/**
 * POST /api/faces/v1/confirmed_tags?domain_uuid= (part 2 §7): confirm or reject faces of taps. An empty list is not
 * sent and counts as saved.
 */
export async function saveConfirmedTags({ domainId, tags }: SaveTagsArgs): Promise<SavedTagsReply> {
  if (tags.length === 0) return { ok: true, saved: 0 };
  return apiRequest<SavedTagsReply>('POST', '/api/faces/v1/confirmed_tags', {
    service: null,
    query: { domain_uuid: domainId },
    body: tags,
  });
}

/** After tags change: the taps, the badge list (ratios, training), the scores and the searches reload. */
export function invalidateAfterTagging(queryClient: QueryClient, domainId: string): Promise<void> {
  return Promise.all(
    [accessEventsDomainKey(domainId), credentialsQueryKey(domainId), credentialScoreDomainKey(domainId), tagSearchDomainKey(domainId)].map(
      (queryKey) => queryClient.invalidateQueries({ queryKey }),
    ),
  ).then(() => undefined);
}

/** A reply whose ok is not true fails the save (part 2 §8: logged, and the tagging modal stays open). */
export function useSaveConfirmedTags() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (args: SaveTagsArgs) => {
      const reply = await saveConfirmedTags(args);
      if (reply.ok !== true) throw new Error('The server did not save the verified matches.');
      return reply;
    },
    onSuccess: (_reply, { domainId }) => void invalidateAfterTagging(queryClient, domainId),
  });
}
