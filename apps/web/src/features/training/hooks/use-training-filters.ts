import { useMemo, useState } from 'react';
import { DEFAULT_TRAINING_FILTERS, type TrainingFilters } from '@vigil/contract';
import { loadTrainingFilters, saveTrainingFilters, startingFilters } from '../lib/training-filters';

/**
 * The building's training filters: as stored in this browser, narrowed to the route's person on /detected/{faceId};
 * applying new ones stores them. Another building or person in the route starts again from what is stored.
 */
export function useTrainingFilters(domainId: string | null, routeFaceId: string | undefined) {
  const scope = `${domainId ?? ''}|${routeFaceId ?? ''}`;
  const initial = useMemo(
    () => (domainId ? startingFilters(loadTrainingFilters(domainId), routeFaceId) : DEFAULT_TRAINING_FILTERS),
    [domainId, routeFaceId],
  );
  const [chosen, setChosen] = useState<{ scope: string; filters: TrainingFilters } | null>(null);
  const filters = chosen?.scope === scope ? chosen.filters : initial;

  function apply(next: TrainingFilters) {
    if (domainId) saveTrainingFilters(domainId, next);
    setChosen({ scope, filters: next });
  }
  return [filters, apply] as const;
}
