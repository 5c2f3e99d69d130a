import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { getUserDetails } from '../api/user';

export const userDetailsKey = (id: string | null) => ['user-details', id] as const;

/** The signed-in owner's details; reloaded when any screen announces a change with 'userDetailsUpdated'. */
export function useUserDetails(id: string | null) {
  const client = useQueryClient();
  useEffect(() => {
    const reload = () => void client.invalidateQueries({ queryKey: userDetailsKey(id) });
    window.addEventListener('userDetailsUpdated', reload);
    return () => window.removeEventListener('userDetailsUpdated', reload);
  }, [client, id]);

  return useQuery({
    queryKey: userDetailsKey(id),
    queryFn: () => getUserDetails(id!),
    enabled: Boolean(id),
  });
}
