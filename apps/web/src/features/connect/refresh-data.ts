/**
 * After a connection changes, everything that depends on it is re-read from the API: the integration cards and the
 * dashboard's figures. Imported lazily so the onboarding screens do not carry the signed-in cache themselves.
 */
export async function refreshConnectionData(): Promise<void> {
  const { queryClient } = await import('../../shell/query-client');
  await queryClient.invalidateQueries();
}
