import { CONNECTABLE_PROCESSORS } from '@brade/contract';
import { cx } from '../../../ui/class-names';
import { PlainSkeleton } from '../../../ui/PlainSkeleton';
import s from '../settings.module.css';

/** The integration cards' skeletons while the connections load, one per card, in the cards' grid. */
export function IntegrationCardsLoading({ columns = 2 }: { columns?: 1 | 2 }) {
  return (
    <div className={cx(s.cards, columns === 2 && s.twoColumns)} aria-busy>
      {CONNECTABLE_PROCESSORS.map((processor) => (
        <PlainSkeleton key={processor} rounded height={150} />
      ))}
    </div>
  );
}
