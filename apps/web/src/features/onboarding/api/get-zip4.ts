import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Zip4Reply } from '@vigil/contract';
import { apiRequest } from '../../../lib/http';

export interface PostalAddress {
  address1: string;
  city: string;
  state: string;
  zip: string;
}

/** GET /api/v1/usps/zip4: the postal service's ZIP+4 of an address, or "not verified" when none is configured. */
export const getZip4 = (address: PostalAddress) =>
  apiRequest<Zip4Reply>('GET', '/api/v1/usps/zip4', { service: null, query: { ...address, address2: '' } });

export const zip4QueryOptions = (address: PostalAddress) =>
  queryOptions({ queryKey: ['onboarding', 'zip4', address], queryFn: () => getZip4(address), staleTime: Number.POSITIVE_INFINITY });

export function useZip4(address: PostalAddress | null) {
  return useQuery({ ...zip4QueryOptions(address ?? { address1: '', city: '', state: '', zip: '' }), enabled: Boolean(address?.address1) });
}
