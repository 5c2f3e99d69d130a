import { type NineBoxes, VAT_BOX_LABELS, type VatBoxName } from '@brade/contract';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { pounds } from '../report-lines';

const BOXES = Object.keys(VAT_BOX_LABELS) as VatBoxName[];
const WHOLE = new Set<VatBoxName>(['box6', 'box7', 'box8', 'box9']);
const whole = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP', maximumFractionDigits: 0 });

/**
 * The nine boxes as HMRC's return names them; boxes 1, 4, 6 and 7 open their transactions. Box 2 takes the owner's
 * own figure (VAT on goods acquired in Northern Ireland from the EU), 0 for a salon that buys none.
 */
export function VatBoxesTable({
  boxes,
  withRows,
  box2,
  onBox2,
  onOpen,
  editable,
}: {
  boxes: NineBoxes;
  withRows: number[];
  box2: string;
  onBox2: (value: string) => void;
  onOpen: (box: 1 | 4 | 6 | 7) => void;
  editable: boolean;
}) {
  return (
    <Table size="small" aria-label="The nine boxes">
      <TableHead>
        <TableRow>
          <TableCell sx={{ width: 64 }}>Box</TableCell>
          <TableCell>What it holds</TableCell>
          <TableCell align="right">Amount</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {BOXES.map((name, i) => {
          const n = i + 1;
          const amount = WHOLE.has(name) ? whole.format(boxes[name]) : pounds.format(boxes[name]);
          return (
            <TableRow key={name} data-box={n}>
              <TableCell sx={{ fontWeight: 700 }}>{n}</TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>
                {withRows.includes(n) ? (
                  <Link
                    component="button"
                    type="button"
                    underline="hover"
                    sx={{ textAlign: 'left', fontSize: 'inherit' }}
                    onClick={() => onOpen(n as 1 | 4 | 6 | 7)}
                  >
                    {VAT_BOX_LABELS[name]}
                  </Link>
                ) : (
                  VAT_BOX_LABELS[name]
                )}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap', fontWeight: n === 5 ? 700 : 400 }}>
                {name === 'box2' && editable ? (
                  <TextField
                    size="small"
                    value={box2}
                    onChange={(e) => onBox2(e.target.value)}
                    slotProps={{
                      htmlInput: {
                        inputMode: 'decimal',
                        'aria-label': 'Box 2 in pounds',
                        maxLength: 16,
                        style: { textAlign: 'right', width: 96 },
                      },
                    }}
                  />
                ) : (
                  amount
                )}
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}

/** Box 2 as typed, in pounds and pence, or null when it is not an amount. */
export function box2Pounds(typed: string): number | null {
  const text = typed.trim().replace(/^£/, '');
  if (text === '') return 0;
  if (!/^-?\d{1,11}(\.\d{1,2})?$/.test(text)) return null;
  return Number(text);
}

/** The boxes with the owner's box 2: box 3 is boxes 1 and 2, box 5 the difference between 3 and 4. */
export function withBox2(boxes: NineBoxes, box2: number): NineBoxes {
  const pence = (n: number) => Math.round(n * 100);
  const box3 = pence(boxes.box1) + pence(box2);
  return { ...boxes, box2, box3: box3 / 100, box5: Math.abs(box3 - pence(boxes.box4)) / 100 };
}
