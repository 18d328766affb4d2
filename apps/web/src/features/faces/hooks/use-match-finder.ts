import { useState } from 'react';
import type { Face, MatchFinderResult } from '@vigil/contract';
import { HttpError, errorMessage } from '../../../lib/http';
import { useConfirmMatches } from '../api/confirm-matches';
import { useFindMatches } from '../api/find-matches';
import { matchFinderErrorText, matchFinderRequest, toggled, type MatchFinderFilters } from '../lib/match-finder';

export interface FoundMatches {
  results: MatchFinderResult[];
  scanned: number;
  /** how many the search found, before any were confirmed and left the list */
  found: number;
}

const statusOf = (error: unknown): number | null => (error instanceof HttpError ? error.status : null);

/**
 * The match finder's work for one person: search, the faces found (confirmed ones leave), which are selected, and
 * confirming them. Failures are warned about in the console (e2e fails on console errors) and said in the modal.
 */
export function useMatchFinder(face: Face) {
  const search = useFindMatches();
  const confirm = useConfirmMatches();
  const [found, setFound] = useState<FoundMatches | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [confirmedCount, setConfirmedCount] = useState<number | null>(null);

  function run(filters: MatchFinderFilters) {
    setFound(null);
    setConfirmedCount(null);
    confirm.reset();
    search.mutate(matchFinderRequest(face.domain_uuid, face.frontend_face_uuid, filters), {
      onSuccess: (reply) => {
        setFound({ results: reply.results, scanned: reply.scanned, found: reply.results.length });
        setSelected(new Set());
      },
      onError: (error) => console.warn(`The match finder for ${face.frontend_face_uuid} failed: ${errorMessage(error)}`),
    });
  }

  const results = found?.results ?? [];
  const chosen = results.filter((r) => selected.has(r.runtime_face_uuid)).map((r) => r.runtime_face_uuid);

  function confirmSelected() {
    if (chosen.length === 0 || confirm.isPending) return;
    setConfirmedCount(null);
    confirm.mutate(
      { personId: face.frontend_face_uuid, runtimeFaceUuids: chosen },
      {
        onSuccess: () => {
          const gone = new Set(chosen);
          setFound((f) => f && { ...f, results: f.results.filter((r) => !gone.has(r.runtime_face_uuid)) });
          setSelected(new Set());
          setConfirmedCount(chosen.length);
        },
        onError: (error) =>
          console.warn(`Confirming ${chosen.length} matches of ${face.frontend_face_uuid} failed: ${errorMessage(error)}`),
      },
    );
  }

  return {
    run,
    searching: search.isPending,
    searchError: search.isError ? matchFinderErrorText(statusOf(search.error), errorMessage(search.error)) : null,
    found,
    selected,
    chosenCount: chosen.length,
    toggle: (id: string) => setSelected((s) => toggled(s, id)),
    selectAll: () => setSelected(new Set(results.map((r) => r.runtime_face_uuid))),
    selectNone: () => setSelected(new Set()),
    confirmSelected,
    confirming: confirm.isPending,
    confirmError: confirm.isError ? errorMessage(confirm.error) : null,
    confirmedCount,
  };
}

export type MatchFinderState = ReturnType<typeof useMatchFinder>;
