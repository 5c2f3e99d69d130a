import { REPORT_TITLES, type ReportType } from '@brade/contract';
import { cx } from '../../ui/class-names';
import { PlainCircularProgress } from '../../ui/PlainCircularProgress';
import type { ReportMonth } from './report-months';
import s from './reports.module.css';
import { actionKey, type ReportFormat } from './use-report-actions';

/**
 * docs/product.md, "Screens and routes": the list box is at most 400 high and 400 wide (never wider than a phone's
 * screen).
 */
export const MONTH_LIST_MAX_HEIGHT_PX = 400;
export const MONTH_LIST_WIDTH_PX = 400;

interface Props {
  type: ReportType;
  months: ReportMonth[];
  busy: ReadonlySet<string>;
  onAction: (month: ReportMonth, format: ReportFormat) => void;
  /** Beyond the spec: the month whose report is open on the page, and what a click on a month's name does. */
  selected?: ReportMonth | null;
  onSelect?: (month: ReportMonth) => void;
}

/** MUI's small outlined Button as a native one (reports.module.css), with MUI's spinner while busy. */
function ActionButton(props: { busy: boolean; label: string; describedBy: string; onClick: () => void }) {
  return (
    <button
      type="button"
      className={cx(s.outlined, s.small)}
      onClick={props.onClick}
      disabled={props.busy}
      aria-busy={props.busy}
      aria-describedby={props.describedBy}
    >
      {props.busy && (
        <span className={s.startIcon}>
          <PlainCircularProgress size={14} aria-hidden />
        </span>
      )}
      {props.label}
    </button>
  );
}

/**
 * The months, newest first, each with 'View PDF' and 'Download CSV', in a box that scrolls past 400px. Plain elements
 * with static classes (reports.module.css): the list is most of what the page draws first.
 */
export function MonthList({ type, months, busy, onAction, selected, onSelect }: Props) {
  return (
    <ul aria-label={`${REPORT_TITLES[type]} months`} className={s.months}>
      {months.map((month) => {
        const labelId = `${type}-${month.year}-${month.month}-label`;
        const isSelected = selected?.year === month.year && selected.month === month.month;
        return (
          <li key={labelId} aria-labelledby={labelId} className={cx(s.month, isSelected && s.monthSelected)}>
            <div className={s.monthName}>
              {onSelect ? (
                <button
                  id={labelId}
                  type="button"
                  className={s.monthLink}
                  aria-pressed={isSelected}
                  onClick={() => onSelect(month)}
                >
                  {month.label}
                </button>
              ) : (
                <p id={labelId} className={s.monthLabel}>
                  {month.label}
                </p>
              )}
              {month.current && <span className={s.monthToDate}>Month to date</span>}
            </div>
            <div className={s.actions}>
              <ActionButton
                label="View PDF"
                describedBy={labelId}
                busy={busy.has(actionKey(type, month, 'pdf'))}
                onClick={() => onAction(month, 'pdf')}
              />
              <ActionButton
                label="Download CSV"
                describedBy={labelId}
                busy={busy.has(actionKey(type, month, 'csv'))}
                onClick={() => onAction(month, 'csv')}
              />
            </div>
          </li>
        );
      })}
    </ul>
  );
}
