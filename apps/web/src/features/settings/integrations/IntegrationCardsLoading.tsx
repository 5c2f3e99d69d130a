import { CONNECTABLE_PROCESSORS } from '@brade/contract';
import { cx } from '../../../ui/class-names';
import { PlainSkeleton } from '../../../ui/PlainSkeleton';
import s from '../settings.module.css';

/** The integration cards' grid: `columns` from MUI's md (900px), one below. */
export const cardsGrid = (columns: 1 | 2) => cx(s.cards, columns === 2 ? s.twoColumns : s.oneColumn);

/** The integration cards' skeletons while the connections load, one per card, in the cards' grid. */
export function IntegrationCardsLoading({ columns = 2 }: { columns?: 1 | 2 }) {
  return (
    <div className={cardsGrid(columns)} aria-busy>
      {CONNECTABLE_PROCESSORS.map((processor) => (
        <PlainSkeleton key={processor} rounded height={150} />
      ))}
    </div>
  );
}
