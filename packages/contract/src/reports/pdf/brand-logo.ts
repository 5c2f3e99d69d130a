import type { jsPDF } from 'jspdf';
import { PDF_COLOURS, type Rgb } from './colours.js';

/** White at the bars' opacities (0.7, 0.85, 1) over the brand pink, mixed here: PDF viewers differ on alpha. */
function whiteOverPink(opacity: number): Rgb {
  return PDF_COLOURS.brand.map((c) => Math.round(c + opacity * (255 - c))) as unknown as Rgb;
}

/**
 * The Brade mark and wordmark as vector shapes, drawn from apps/web/src/ui/BrandLogo.tsx's 40-unit SVG
 * (rounded pink square, three rising white bars) scaled to `size` millimetres high, at (x, y) top left.
 * Returns the width drawn.
 */
export function drawBrandLogo(doc: jsPDF, x: number, y: number, size: number): number {
  const unit = size / 40;
  doc.setFillColor(...PDF_COLOURS.brand);
  doc.roundedRect(x, y, 40 * unit, 40 * unit, 11 * unit, 11 * unit, 'F');
  const bars: Array<[number, number, number, number]> = [
    [9, 21, 10, 0.7],
    [17.25, 15, 16, 0.85],
    [25.5, 9, 22, 1],
  ];
  for (const [bx, by, height, opacity] of bars) {
    doc.setFillColor(...whiteOverPink(opacity));
    doc.roundedRect(x + bx * unit, y + by * unit, 5.5 * unit, height * unit, 2.75 * unit, 2.75 * unit, 'F');
  }
  // The wordmark: 26/40 of the mark's height on the SVG's baseline (y = 29 of 40), 10 units after the mark.
  doc.setFont('helvetica', 'bold');
  doc.setFontSize((26 * unit * 72) / 25.4);
  doc.setTextColor(...PDF_COLOURS.ink);
  const textX = x + 50 * unit;
  doc.text('Brade', textX, y + 29 * unit);
  return textX - x + doc.getTextWidth('Brade');
}
