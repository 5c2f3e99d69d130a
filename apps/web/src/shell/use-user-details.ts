import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { getUserDetails } from '../api/user';
import { usePrefetchQueryWhen } from './query-client';

export const userDetailsKey = (id: string | null) => ['user-details', id] as const;

export const userDetailsQuery = (id: string | null) =>
  queryOptions({ queryKey: userDetailsKey(id), queryFn: () => getUserDetails(id!), enabled: Boolean(id) });

/** The signed-in owner's details; reloaded when any screen announces a change with 'userDetailsUpdated'. */
export function useUserDetails(id: string | null) {
  const client = useQueryClient();
  useEffect(() => {
    const reload = () => void client.invalidateQueries({ queryKey: userDetailsKey(id) });
    window.addEventListener('userDetailsUpdated', reload);
    return () => window.removeEventListener('userDetailsUpdated', reload);
  }, [client, id]);

  const options = userDetailsQuery(id);
  // Asked for while the shell renders, not once it is on screen: the first render of a signed-in page is long on a
  // phone, and the owner's name waited for it. A query already cached or in flight is not asked again.
  usePrefetchQueryWhen(options, Boolean(id));
  return useQuery(options);
}
