import type { Bank } from '@brade/contract';
import { useCallback, useEffect, useState } from 'react';
import { chooseABank } from '../../api/connect';

export interface BankList {
  banks: Bank[];
  loading: boolean;
  failed: boolean;
  retry: () => void;
}

/** The bank dropdown's options (GET /api/gocardless/choose-a-bank), loaded once per screen with a way to retry. */
export function useBankList(): BankList {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<Omit<BankList, 'retry'>>({ banks: [], loading: true, failed: false });

  // biome-ignore lint/correctness/useExhaustiveDependencies: each retry loads the list again
  useEffect(() => {
    let current = true;
    setState((previous) => ({ ...previous, loading: true, failed: false }));
    chooseABank().then(
      (banks) => current && setState({ banks, loading: false, failed: false }),
      (error: unknown) => {
        console.error('Could not load the bank list', error);
        if (current) setState({ banks: [], loading: false, failed: true });
      },
    );
    return () => {
      current = false;
    };
  }, [attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, retry };
}
