import { keyframes, styled } from '@mui/material/styles';

const rotate = keyframes`
  100% { transform: rotate(360deg); }
`;
const dash = keyframes`
  0% { stroke-dasharray: 1px, 200px; stroke-dashoffset: 0; }
  50% { stroke-dasharray: 100px, 200px; stroke-dashoffset: -15px; }
  100% { stroke-dasharray: 1px, 200px; stroke-dashoffset: -126px; }
`;

const Svg = styled('svg')(({ theme }) => ({
  display: 'block',
  color: theme.palette.primary.main,
  animation: `${rotate} 1.4s linear infinite`,
  '& circle': { stroke: 'currentColor', animation: `${dash} 1.4s ease-in-out infinite` },
  '@media (prefers-reduced-motion: reduce)': { animationDuration: '4s', '& circle': { animation: 'none' } },
}));

/**
 * The indeterminate circle of MUI's CircularProgress, drawn the same way without it: the splash screen is part of
 * the app's entry, which every page loads first (docs/architecture.md).
 */
export function Spinner({ size = 40 }: { size?: number }) {
  return (
    <Svg width={size} height={size} viewBox="22 22 44 44" aria-hidden="true" focusable="false">
      <circle cx="44" cy="44" r="20.2" fill="none" strokeWidth="3.6" strokeDasharray="80px, 200px" />
    </Svg>
  );
}
