import { jsPDF } from 'jspdf';
import { autoTable, type CellHookData, type Styles } from 'jspdf-autotable';
import { formatPercentChange, formatPounds } from '../../money.js';
import { comparedCells, comparisonLabels, formatChange } from '../comparison.js';
import { CASH_BASIS_NOTE, formatReportPeriod, monthName, type Report, type ReportLine } from '../model.js';
import { drawBrandLogo } from './brand-logo.js';
import { PDF_COLOURS } from './colours.js';
import { toWinAnsi } from './win-ansi.js';

/**
 * docs/product.md, "Constants and looks": "paginated with a 20-unit margin"; the document's unit is the millimetre (A4
 * is 210 × 297).
 */
export const PDF_MARGIN = 20;
const PAGE_WIDTH = 210;
const PAGE_HEIGHT = 297;
const RIGHT = PAGE_WIDTH - PDF_MARGIN;
const POINTS_PER_MM = 72 / 25.4;
const BODY_SIZE = 10;
const SUBTEXT_SIZE = 8;

function label(doc: jsPDF, text: string, x: number, y: number): void {
  doc.setFont('helvetica', 'bold');
  doc.setFontSize(9);
  doc.setTextColor(...PDF_COLOURS.brand);
  doc.text(text, x, y);
}

/** Lines of `text` at `size` points wrapped to `width` mm, drawn from `y`; returns the y under the last one. */
function paragraph(doc: jsPDF, text: string, x: number, y: number, width: number, size: number, bold = false) {
  doc.setFont('helvetica', bold ? 'bold' : 'normal');
  doc.setFontSize(size);
  doc.setTextColor(...PDF_COLOURS.ink);
  const lines = doc.splitTextToSize(text, width) as string[];
  const step = (size * 1.35) / POINTS_PER_MM;
  lines.forEach((line, i) => {
    doc.text(line, x, y + i * step);
  });
  return y + lines.length * step;
}

/** Logo and title, then the 'Report to' block beside the Period; returns where the table may start. */
function drawFirstPageHeader(doc: jsPDF, report: Report): number {
  const top = PDF_MARGIN;
  drawBrandLogo(doc, PDF_MARGIN, top, 12);
  doc.setFont('helvetica', 'bold');
  doc.setFontSize(20);
  doc.setTextColor(...PDF_COLOURS.ink);
  doc.text(report.title, RIGHT, top + 7, { align: 'right' });
  doc.setFont('helvetica', 'normal');
  doc.setFontSize(11);
  doc.setTextColor(...PDF_COLOURS.muted);
  doc.text(`${monthName(report.month)} ${report.year}`, RIGHT, top + 13, { align: 'right' });

  doc.setDrawColor(...PDF_COLOURS.brand);
  doc.setLineWidth(0.6);
  doc.line(PDF_MARGIN, top + 18, RIGHT, top + 18);

  const blocks = top + 28;
  const columnX = 118;
  label(doc, 'Report to', PDF_MARGIN, blocks);
  let left = paragraph(doc, report.report_to.name, PDF_MARGIN, blocks + 6, columnX - PDF_MARGIN - 8, 11, true);
  for (const line of report.report_to.address_lines) {
    left = paragraph(doc, line, PDF_MARGIN, left, columnX - PDF_MARGIN - 8, BODY_SIZE);
  }
  label(doc, 'Period', columnX, blocks);
  let right = paragraph(doc, formatReportPeriod(report.period), columnX, blocks + 6, RIGHT - columnX, BODY_SIZE);
  label(doc, 'Currency', columnX, right + 3);
  right = paragraph(doc, 'Pounds sterling (£)', columnX, right + 9, RIGHT - columnX, BODY_SIZE);
  label(doc, 'Basis', columnX, right + 3);
  right = paragraph(doc, `${CASH_BASIS_NOTE} in the period`, columnX, right + 9, RIGHT - columnX, BODY_SIZE);
  return Math.max(left, right) + 8;
}

/**
 * The flags of docs/product.md ("What the app keeps") decide how a row looks: section headers, totals, and the net
 * income line.
 */
function rowStyles(row: ReportLine): Partial<Styles> {
  // An item under a sales category: indented, a breakdown of the line above.
  if (row.level === 1)
    return { textColor: PDF_COLOURS.muted, cellPadding: { top: 1.2, bottom: 1.2, left: 8, right: 3 } };
  if (row.net_income) {
    return { fontStyle: 'bold', fontSize: 11, fillColor: PDF_COLOURS.brand, textColor: PDF_COLOURS.white };
  }
  if (row.total) {
    return { fontStyle: 'bold', fillColor: PDF_COLOURS.tint, lineColor: PDF_COLOURS.brand, lineWidth: { top: 0.3 } };
  }
  if (row.header) {
    return {
      fontStyle: 'bold',
      fontSize: 11,
      textColor: PDF_COLOURS.brandDark,
      cellPadding: { top: 5, bottom: 2, left: 3, right: 3 },
    };
  }
  return {};
}

/**
 * A description cell holds its subtext as extra lines so the table measures the row with it; before the cell is
 * drawn those lines are taken off and drawn after it, smaller and grey.
 */
function splitSubtext(doc: jsPDF, data: CellHookData, row: ReportLine, subtexts: WeakMap<object, string[]>) {
  if (!row.subtext) return;
  const width = data.cell.width - data.cell.padding('horizontal') + 1 / doc.internal.scaleFactor;
  const count = (doc.splitTextToSize(row.subtext, width, { fontSize: data.cell.styles.fontSize }) as string[]).length;
  subtexts.set(data.cell, data.cell.text.slice(-count));
  data.cell.text = data.cell.text.slice(0, -count);
}

function drawSubtext(doc: jsPDF, data: CellHookData, lines: string[]): void {
  const { cell } = data;
  const lineHeight = (cell.styles.fontSize * doc.getLineHeightFactor()) / POINTS_PER_MM;
  doc.setFont('helvetica', 'normal');
  doc.setFontSize(SUBTEXT_SIZE);
  doc.setTextColor(...PDF_COLOURS.muted);
  doc.text(lines, cell.x + cell.padding('left'), cell.y + cell.padding('top') + cell.text.length * lineHeight + 0.4, {
    baseline: 'top',
  });
}

/** The comparison columns of a row: each compared figure, its change and the change in percent. */
function comparisonCells(row: ReportLine): string[] {
  const compared = comparedCells(row);
  if (!compared) return ['', '', '', '', '', ''];
  return [compared.previous, compared.lastYear].flatMap((c) => [
    formatPounds(c.then),
    formatChange(c.change),
    c.percent === null ? '' : formatPercentChange(c.percent),
  ]);
}

function drawRows(doc: jsPDF, report: Report, startY: number): void {
  const subtexts = new WeakMap<object, string[]>();
  const labels = comparisonLabels(report);
  const numeric = labels ? 7 : 1;
  autoTable(doc, {
    startY,
    margin: PDF_MARGIN,
    theme: 'plain',
    showHead: 'everyPage',
    rowPageBreak: 'avoid',
    head: [
      labels
        ? ['Description', 'Amount', labels.previous, 'Change', '%', labels.lastYear, 'Change', '%']
        : ['Description', 'Amount'],
    ],
    body: report.rows.map((row) => [
      row.subtext ? `${row.description}\n${row.subtext}` : row.description,
      row.amount === null ? '' : formatPounds(row.amount),
      ...(labels ? comparisonCells(row) : []),
    ]),
    styles: {
      font: 'helvetica',
      fontSize: BODY_SIZE,
      textColor: PDF_COLOURS.ink,
      valign: 'top',
      overflow: 'linebreak',
      cellPadding: { top: 2.2, bottom: 2.2, left: 3, right: 3 },
      lineColor: PDF_COLOURS.divider,
      lineWidth: { bottom: 0.2 },
    },
    headStyles: { fillColor: PDF_COLOURS.brand, textColor: PDF_COLOURS.white, fontStyle: 'bold', lineWidth: 0 },
    // With comparisons, seven narrow figure columns beside the description; without, one wide Amount column.
    columnStyles: labels
      ? Object.fromEntries(
          // Amount, then each compared period's figure, change and percent: the percents need the least room.
          Array.from({ length: numeric }, (_, i) => [
            i + 1,
            {
              halign: 'right' as const,
              cellWidth: i === 3 || i === 6 ? 15 : 18.5,
              cellPadding: { top: 2.2, bottom: 2.2, left: 1, right: 1.5 },
            },
          ]),
        )
      : { 1: { halign: 'right', cellWidth: 45 } },
    didParseCell: (data) => {
      if (data.column.index >= 1) {
        data.cell.styles.halign = 'right';
        if (labels && data.section === 'head') data.cell.styles.fontSize = 7.5;
      }
      const row = data.section === 'body' ? report.rows[data.row.index] : undefined;
      if (!row) return;
      const { cellPadding, ...styles } = rowStyles(row);
      Object.assign(data.cell.styles, data.column.index === 0 && cellPadding ? { ...styles, cellPadding } : styles);
      if (labels && data.column.index >= 1) data.cell.styles.fontSize = Math.min(data.cell.styles.fontSize, 8);
    },
    willDrawCell: (data) => {
      const row = data.section === 'body' ? report.rows[data.row.index] : undefined;
      if (row && data.column.index === 0) splitSubtext(doc, data, row, subtexts);
    },
    didDrawCell: (data) => {
      const lines = subtexts.get(data.cell);
      if (lines) drawSubtext(doc, data, lines);
    },
  });
}

/** Every page: the business and report on the left, 'Page n of N' on the right, inside the bottom margin. */
function drawFooters(doc: jsPDF, report: Report): void {
  const pages = doc.getNumberOfPages();
  const y = PAGE_HEIGHT - PDF_MARGIN / 2;
  for (let page = 1; page <= pages; page += 1) {
    doc.setPage(page);
    doc.setDrawColor(...PDF_COLOURS.divider);
    doc.setLineWidth(0.2);
    doc.line(PDF_MARGIN, y - 5, RIGHT, y - 5);
    doc.setFont('helvetica', 'normal');
    doc.setFontSize(8);
    doc.setTextColor(...PDF_COLOURS.muted);
    doc.text(`${report.report_to.name} · ${report.title} · ${monthName(report.month)} ${report.year}`, PDF_MARGIN, y, {
      maxWidth: 140,
    });
    doc.text(`Page ${page} of ${pages}`, RIGHT, y, { align: 'right' });
  }
}

/** The report's text in the characters the PDF's font has. */
function printable(report: Report): Report {
  return {
    ...report,
    report_to: { name: toWinAnsi(report.report_to.name), address_lines: report.report_to.address_lines.map(toWinAnsi) },
    ...(report.comparison
      ? {
          comparison: {
            previous: { ...report.comparison.previous, label: toWinAnsi(report.comparison.previous.label) },
            last_year: { ...report.comparison.last_year, label: toWinAnsi(report.comparison.last_year.label) },
          },
        }
      : {}),
    rows: report.rows.map((row) => ({
      ...row,
      description: toWinAnsi(row.description),
      ...(row.subtext === undefined ? {} : { subtext: toWinAnsi(row.subtext) }),
    })),
  };
}

/**
 * The report as a PDF (docs/product.md, "Constants and looks"): the Brade logo and the report title, a 'Report to'
 * block with the business name and address, the Period, then the rows, paginated inside a 20 mm margin with the table
 * header repeated on every page and page numbers at the foot.
 */
export function renderReportPdf(model: Report): ArrayBuffer {
  const report = printable(model);
  const doc = new jsPDF({ unit: 'mm', format: 'a4', compress: true });
  const title = `${report.title} – ${monthName(report.month)} ${report.year}`;
  doc.setProperties({ title, subject: title, author: report.report_to.name, creator: 'Brade' });
  // Viewers show the title instead of a blob: address in the tab.
  doc.viewerPreferences({ DisplayDocTitle: true });
  drawRows(doc, report, drawFirstPageHeader(doc, report));
  drawFooters(doc, report);
  return doc.output('arraybuffer');
}
