import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useEffect } from 'react';

export interface YearSelectProps {
  year: number;
  years: number[];
  onChange: (year: number) => void;
  /** The owner opened the stand-in before this loaded (YearStandIn): open the menu at once, focused. */
  openAtOnce?: boolean;
  /** The stand-in has the focus as this replaces it: take it. */
  standInFocused?: { current: boolean };
  /** Called once this is on the page: a press on the stand-in is answered, and not again at a later mount. */
  onShown?: () => void;
}

/**
 * The Reports page's year selector, MUI's select. It loads after the page's first render (ReportsPage draws
 * YearStandIn, which looks the same, until then): MUI's input, select and menu were a good part of the page's files
 * and styling at load.
 */
export default function YearSelect({
  year,
  years,
  onChange,
  openAtOnce = false,
  standInFocused,
  onShown,
}: YearSelectProps) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when first on the page
  useEffect(() => onShown?.(), []);
  return (
    <TextField
      select
      size="small"
      label="Year"
      value={year}
      onChange={(e) => onChange(Number(e.target.value))}
      autoFocus={openAtOnce || standInFocused?.current === true}
      slotProps={{ select: { defaultOpen: openAtOnce } }}
      sx={{ width: 120 }}
    >
      {years.map((y) => (
        <MenuItem key={y} value={y}>
          {y}
        </MenuItem>
      ))}
    </TextField>
  );
}
