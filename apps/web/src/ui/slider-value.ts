/** The value arithmetic of ui/PlainSlider.tsx, as MUI's Slider does it (a single thumb, horizontal, left to right). */

export interface SliderRange {
  min: number;
  max: number;
  step: number;
}

/** MUI's default shiftStep: Shift with an arrow, and PageUp/PageDown, move by this much. */
export const SHIFT_STEP = 10;

const clamp = (value: number, { min, max }: SliderRange) => Math.min(Math.max(value, min), max);

const decimals = (step: number) => {
  if (Math.abs(step) < 1) {
    const [mantissa = '', exponent = '0'] = step.toExponential().split('e-');
    return (mantissa.split('.')[1]?.length ?? 0) + Number.parseInt(exponent, 10);
  }
  return step.toString().split('.')[1]?.length ?? 0;
};

/** The value at a point `fraction` of the way along the rail, on a step, within the range. */
export function valueAt(fraction: number, range: SliderRange): number {
  const raw = (range.max - range.min) * fraction + range.min;
  const stepped = Math.round((raw - range.min) / range.step) * range.step + range.min;
  return clamp(Number(stepped.toFixed(decimals(range.step))), range);
}

/** The value a key moves `value` to, or null for a key the slider does not take. */
export function valueAfterKey(key: string, shift: boolean, value: number, range: SliderRange): number | null {
  const by = shift ? SHIFT_STEP : range.step;
  switch (key) {
    case 'ArrowUp':
    case 'ArrowRight':
      return Math.min(value + by, range.max);
    case 'ArrowDown':
    case 'ArrowLeft':
      return Math.max(value - by, range.min);
    case 'PageUp':
      return Math.min(value + SHIFT_STEP, range.max);
    case 'PageDown':
      return Math.max(value - SHIFT_STEP, range.min);
    case 'Home':
      return range.min;
    case 'End':
      return range.max;
    default:
      return null;
  }
}

/** Where a value sits along the rail, in per cent. */
export const percentOf = (value: number, { min, max }: SliderRange) => ((value - min) * 100) / (max - min);

export { clamp as clampToRange };
