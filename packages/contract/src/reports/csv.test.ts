import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseCsv } from '../testing/csv-read.js';
import { csvAmount, csvText, reportToCsv } from './csv.js';
import type { Report } from './model.js';
import { line, salesReportOfManySales, sampleIncomeStatement, sampleSalesWithComparisons } from './sample-reports.js';

const withRows = (rows: Report['rows']): Report => ({ ...sampleIncomeStatement(), rows });

describe('reportToCsv with the comparison columns', () => {
  it('keeps Description,Amount first and adds each compared period, its change and the change in percent', () => {
    expect(reportToCsv(sampleSalesWithComparisons())).toBe(
      [
        'Description,Amount,1–15 Sep 2026 to 09:00,Change vs 1–15 Sep 2026 to 09:00,% change vs 1–15 Sep 2026 to 09:00,' +
          '1–15 Oct 2025 to 09:00,Change vs 1–15 Oct 2025 to 09:00,% change vs 1–15 Oct 2025 to 09:00',
        'Colour,160.00,100.00,60.00,60.0,0.00,160.00,',
        // An item says which category it is in, so a record reads on its own.
        'Colour: Full head colour,130.00,100.00,30.00,30.0,0.00,130.00,',
        'Colour: Root touch-up,30.00,0.00,30.00,,0.00,30.00,',
        'Retail products,25.00,50.00,-25.00,-50.0,20.00,5.00,25.0',
        'Retail products: Olaplex No.3,25.00,50.00,-25.00,-50.0,20.00,5.00,25.0',
        'SumUp card sales without item detail,40.00,40.00,0.00,0.0,10.00,30.00,300.0',
        // A refund a year ago was smaller: the change is measured on its size.
        'Refunds,-10.50,0.00,-10.50,,-2.25,-8.25,-366.7',
        'Total,214.50,190.00,24.50,12.9,27.75,186.75,673.0',
        '',
      ].join('\r\n'),
    );
  });

  it('leaves the comparison cells of a header row empty, and reads back as the same table', () => {
    const report = {
      ...sampleSalesWithComparisons(),
      rows: [line('Revenue', null, { header: true }), ...sampleSalesWithComparisons().rows],
    };
    const [header, revenue, colour] = parseCsv(reportToCsv(report));
    expect(header).toHaveLength(8);
    expect(revenue).toEqual(['Revenue', '', '', '', '', '', '', '']);
    expect(colour?.slice(0, 2)).toEqual(['Colour', '160.00']);
  });
});

describe('reportToCsv', () => {
  it('writes the header, one CRLF-ended record per row, amounts with two decimals and headers without one', () => {
    expect(reportToCsv(sampleIncomeStatement())).toBe(
      [
        'Description,Amount',
        'Revenue,',
        'Cut & finish,50.00',
        'Gel manicure,40.00',
        'Refunds,-10.00',
        'Total Revenue,80.00',
        'Expenses,',
        'Rent,1200.00',
        'Card processing fees,1.20',
        'Total Expenses,1201.20',
        'Net Income,-1121.20',
        '',
      ].join('\r\n'),
    );
  });

  it('quotes fields with commas, quotes and line breaks (RFC 4180), and nothing else', () => {
    const csv = reportToCsv(
      withRows([
        line('Rent, April', 1200),
        line('The "Deluxe" package', 85),
        line('Two\nlines', 1),
        line('Plain text', 2),
      ]),
    );
    expect(csv.split('\r\n').slice(1, 4)).toEqual([
      '"Rent, April",1200.00',
      '"The ""Deluxe"" package",85.00',
      '"Two\nlines",1.00',
    ]);
    expect(csv).toContain('\r\nPlain text,2.00\r\n');
  });

  it.each([
    ['=HYPERLINK("http://evil.example","x")', `"'=HYPERLINK(""http://evil.example"",""x"")"`],
    ['+44 cmd', "'+44 cmd"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1:A2)', "'@SUM(A1:A2)"],
    ['\tTabbed', "'\tTabbed"],
    ['\rReturn', `"'\rReturn"`],
    ['\nNewline', `"'\nNewline"`],
    ['\0Nul', "'\0Nul"],
    ['Safe = text', 'Safe = text'],
  ])('neutralises a text cell starting a formula: %j', (text, written) => {
    expect(csvText(text)).toBe(written);
  });

  it('never neutralises amounts, negative ones included', () => {
    expect(reportToCsv(withRows([line('Refunds', -12.5)]))).toContain('\r\nRefunds,-12.50\r\n');
    expect(csvAmount(-0.01)).toBe('-0.01');
    expect(csvAmount(0)).toBe('0.00');
    expect(csvAmount(1234567.8)).toBe('1234567.80');
    // 0.1 + 0.2 is 0.30000000000000004 in floating point: the amount is still written from whole pence.
    expect(csvAmount(0.1 + 0.2)).toBe('0.30');
  });

  it('parses back to the model: descriptions (neutralised ones with their apostrophe) and amounts', () => {
    const report = withRows([...sampleIncomeStatement().rows, line('=cmd|calc', 3), line('Tips, "cash"', 4.05)]);
    const [header, ...records] = parseCsv(reportToCsv(report));
    expect(header).toEqual(['Description', 'Amount']);
    expect(records).toHaveLength(report.rows.length);
    records.forEach(([description, amount], i) => {
      const row = report.rows[i]!;
      expect(description).toBe(row.description.startsWith('=') ? `'${row.description}` : row.description);
      expect(amount === '' ? null : Number(amount)).toBe(row.amount);
    });
  });

  it('round-trips any description and amount (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ description: fc.string(), pence: fc.integer({ min: -1e9, max: 1e9 }) }), {
          maxLength: 20,
        }),
        (items) => {
          const report = withRows(items.map((item) => line(item.description, item.pence / 100)));
          const records = parseCsv(reportToCsv(report)).slice(1);
          expect(records).toHaveLength(items.length);
          records.forEach(([description, amount], i) => {
            const original = items[i]!.description;
            expect(description).toBe(/^[=+\-@\t\r\n\0]/.test(original) ? `'${original}` : original);
            expect(Math.round(Number(amount) * 100)).toBe(items[i]!.pence);
            expect(amount).toMatch(/^-?\d+\.\d{2}$/);
          });
        },
      ),
    );
  });

  it('writes 5,000 sales and their total', () => {
    const report = salesReportOfManySales(5000);
    const records = parseCsv(reportToCsv(report));
    expect(records).toHaveLength(5002);
    const sum = records.slice(1, -1).reduce((pence, [, amount]) => pence + Math.round(Number(amount) * 100), 0);
    expect(records.at(-1)).toEqual(['Total', (sum / 100).toFixed(2)]);
  });
});

describe('parseCsv', () => {
  it('reads quoted fields, doubled quotes, empty fields and both line ends', () => {
    expect(parseCsv('a,"b,c","say ""hi"""\r\n,"",x\n"multi\r\nline",2')).toEqual([
      ['a', 'b,c', 'say "hi"'],
      ['', '', 'x'],
      ['multi\r\nline', '2'],
    ]);
  });

  it('refuses malformed CSV', () => {
    expect(() => parseCsv('"open,1')).toThrow(SyntaxError);
    expect(() => parseCsv('a"b,1')).toThrow(SyntaxError);
    expect(() => parseCsv('"a"b,1')).toThrow(SyntaxError);
  });
});
