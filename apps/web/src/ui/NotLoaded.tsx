import controls from './controls.module.css';
import { LinkButton } from './TextLink';

/**
 * The quiet notice on a tile or chart whose call failed (beyond the spec, whose failures are only logged): the
 * fallback beside it is not a real figure, and Retry asks again.
 */
export function NotLoaded({ what, onRetry }: { what: string; onRetry?: () => void }) {
  return (
    <div role="status" data-testid="not-loaded" className={controls.notLoaded}>
      <span>{what} could not be loaded.</span>
      {onRetry && (
        <LinkButton type="button" onClick={onRetry}>
          Retry
        </LinkButton>
      )}
    </div>
  );
}
