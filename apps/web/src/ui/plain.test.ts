import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  BRAND_PRIMARY,
  BRAND_PRIMARY_DARK,
  BRAND_PRIMARY_LIGHT,
  DIVIDER,
  ERROR_RED,
  INK,
  INK_SECONDARY,
  PAGE_TINT,
  SUCCESS_GREEN,
  theme,
} from './theme';

/** Every CSS module's text (the static classes that draw the signed-in pages' plain elements), by file. */
const src = path.resolve(import.meta.dirname, '..');
const sheets: Record<string, string> = Object.fromEntries(
  readdirSync(src, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.module.css'))
    .map((file) => [file.replaceAll(path.sep, '/'), readFileSync(path.join(src, file), 'utf8')]),
);

const PROGRESS_TRACK = '#E7A7C0';

const hex = (rgb: string) =>
  `#${rgb
    .match(/\d+/g)!
    .slice(0, 3)
    .map((n) => Number(n).toString(16).padStart(2, '0'))
    .join('')}`;
/** An info note (ui/InfoNote.tsx): MUI's standard Alert text, background and icon colours for the info palette. */
const INFO_NOTE = [
  hex(theme.darken(theme.palette.info.light, 0.6)),
  hex(theme.lighten(theme.palette.info.light, 0.9)),
  theme.palette.info.main,
];

/** The colours the static classes may use: the theme's, the tints the navigation and the cash card add, a progress bar's track. */
const ALLOWED = new Set(
  [
    BRAND_PRIMARY,
    BRAND_PRIMARY_DARK,
    BRAND_PRIMARY_LIGHT,
    PAGE_TINT,
    INK,
    INK_SECONDARY,
    DIVIDER,
    SUCCESS_GREEN,
    ERROR_RED,
    theme.palette.background.paper,
    // The active link's and the bank icon's pink wash; the navigation's icons and heading.
    '#FCE4EC',
    '#8A6F7C',
    // A progress bar's track: primary.main lightened by 62 %, as MUI's LinearProgress shades it.
    PROGRESS_TRACK,
    // A disabled slider: grey[400], as MUI's Slider draws it.
    theme.palette.grey[400],
    ...INFO_NOTE,
  ].map((c) => c.toLowerCase()),
);

describe('the static classes (CSS modules)', () => {
  it('are found', () => {
    expect(Object.keys(sheets).length).toBeGreaterThanOrEqual(4);
  });

  it('draw only with the theme’s colours', () => {
    for (const [file, css] of Object.entries(sheets)) {
      const hexes = css.match(/#[0-9a-f]{6}\b/gi) ?? [];
      for (const hex of hexes) expect(ALLOWED, `${hex} in ${file}`).toContain(hex.toLowerCase());
    }
  });

  it('match the palette MUI would have used', () => {
    expect(theme.palette.text.primary).toBe(INK);
    expect(theme.palette.text.secondary).toBe(INK_SECONDARY);
    expect(theme.palette.divider).toBe(DIVIDER);
    expect(theme.palette.success.main).toBe(SUCCESS_GREEN);
    expect(theme.palette.error.main).toBe(ERROR_RED);
    expect(theme.palette.primary.dark).toBe(BRAND_PRIMARY_DARK);
    const track = PROGRESS_TRACK.slice(1)
      .match(/../g)!
      .map((hex) => Number.parseInt(hex, 16));
    expect(theme.lighten(BRAND_PRIMARY, 0.62)).toBe(`rgb(${track.join(', ')})`);
    // Skeletons: text.primary at 11 %, as MUI's Skeleton on a light palette.
    expect(sheets['ui/plain.module.css']).toContain('rgba(43, 26, 34, 0.11)');
    expect(INFO_NOTE).toEqual(['#014361', '#e5f6fd', '#0288d1']);
    // The radios and sliders: disabled in action.disabled, hovered in primary.main at action.hoverOpacity.
    expect(theme.palette.action.disabled).toBe('rgba(0, 0, 0, 0.26)');
    expect(theme.palette.text.disabled).toBe('rgba(0, 0, 0, 0.38)');
    expect(theme.palette.action.hoverOpacity).toBe(0.04);
    expect(sheets['ui/radio.module.css']).toContain('rgba(0, 0, 0, 0.26)');
    expect(sheets['ui/radio.module.css']).toContain('rgba(194, 24, 91, 0.04)');
    expect(INK.toLowerCase()).toBe(`#${[43, 26, 34].map((n) => n.toString(16).padStart(2, '0')).join('')}`);
  });
});
