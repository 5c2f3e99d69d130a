import { BRAND_PRIMARY, INK } from './theme';

/** The Brade mark (three rising bars: the business growing) and wordmark. Matches public/logo.svg. */
export function BrandLogo({ height = 36, markOnly = false }: { height?: number; markOnly?: boolean }) {
  const width = markOnly ? height : (height * 132) / 40;
  return (
    <svg
      width={width}
      height={height}
      viewBox={markOnly ? '0 0 40 40' : '0 0 132 40'}
      role="img"
      aria-label="Brade"
      xmlns="http://www.w3.org/2000/svg"
    >
      <rect width="40" height="40" rx="11" fill={BRAND_PRIMARY} />
      <rect x="9" y="21" width="5.5" height="10" rx="2.75" fill="#fff" opacity="0.7" />
      <rect x="17.25" y="15" width="5.5" height="16" rx="2.75" fill="#fff" opacity="0.85" />
      <rect x="25.5" y="9" width="5.5" height="22" rx="2.75" fill="#fff" />
      {!markOnly && (
        <text x="50" y="29" fontFamily="inherit" fontSize="26" fontWeight="600" letterSpacing="-0.5" fill={INK}>
          Brade
        </text>
      )}
    </svg>
  );
}
