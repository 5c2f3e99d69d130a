export type Rgb = [number, number, number];

/** The web theme's colours (apps/web/src/app/theme.ts), as RGB for jsPDF. */
export const PDF_COLOURS = {
  /** #C2185B, the brand pink. */
  brand: [194, 24, 91] as Rgb,
  /** #9A1248 */
  brandDark: [154, 18, 72] as Rgb,
  /** #2B1A22, body text. */
  ink: [43, 26, 34] as Rgb,
  /** #6B5861, secondary text. */
  muted: [107, 88, 97] as Rgb,
  /** #F1D9E3, dividers. */
  divider: [241, 217, 227] as Rgb,
  /** #FDF2F6, the page wash, here behind section headers and totals. */
  tint: [253, 242, 246] as Rgb,
  white: [255, 255, 255] as Rgb,
};
