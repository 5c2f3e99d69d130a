import { CARD_PROCESSORS, type CardProcessor, PROCESSOR_NAMES } from '@brade/contract';
import { useEffect, useState } from 'react';
import { getSyncStatus } from '../../api/integrations';
import { stored } from '../../api/session';

const isCard = (name: string): name is CardProcessor => (CARD_PROCESSORS as readonly string[]).includes(name);

/**
 * What onboarding leaves unlinked: each card provider the owner chose that is not connected, and the business bank
 * account when it is not. Empty until the connections are known, and when they cannot be read (logged).
 */
export function useStillToLink(chosen: string[]): string[] {
  const [missing, setMissing] = useState<string[]>([]);
  const chosenKey = chosen.join(',');
  useEffect(() => {
    const id = stored.id();
    if (!id) return;
    let current = true;
    getSyncStatus(id)
      .then((connections) => {
        const connected = new Set(connections.filter((c) => c.status === 'connected').map((c) => c.processor));
        const cards = chosenKey.split(',').filter(isCard);
        const names: string[] = cards.filter((card) => !connected.has(card)).map((card) => PROCESSOR_NAMES[card]);
        if (!connected.has('gocardless')) names.push('your business bank account');
        if (current) setMissing(names);
      })
      .catch((error) => console.error('Could not read the connections at the end of onboarding', error));
    return () => {
      current = false;
    };
  }, [chosenKey]);
  return missing;
}
