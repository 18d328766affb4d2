import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import type { Domain } from '@vigil/contract';
import { setCurrentDomainId } from '../../../lib/current-domain';

/** /alerts?domain=<uuid> (a notification's "Open") selects that building, when it is one of the user's. */
export function useLinkedDomain(domains: readonly Domain[] | undefined, domainId: string | null): void {
  const [params] = useSearchParams();
  const linked = params.get('domain');
  useEffect(() => {
    if (linked && linked !== domainId && domains?.some((d) => d.uuid === linked)) setCurrentDomainId(linked);
  }, [linked, domains, domainId]);
}
