import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { errorText } from '../../api/error-text';
import { loadTeamBreakdown } from '../../api/reports';
import type { OpenableLine } from './report-lines';
import { pounds } from './report-lines';
import type { ReportMonth } from './report-months';

interface Props {
  id: string;
  month: ReportMonth;
  onOpen: (line: OpenableLine & { label: string }) => void;
  /** One level below the report's own title, which is the page's h1 on phones and an h2 beside the list. */
  heading: 'h2' | 'h3';
}

const count = (n: number) => n.toLocaleString('en-GB');

/**
 * Beyond the spec: the month's sales by team member (docs/finance.md, "Who sold it"): sales, payments, services,
 * clients and average ticket per member, what no processor attributed, and which processors say who took a payment.
 * A member opens the sales they took.
 */
export function TeamBreakdown({ id, month, onOpen, heading }: Props) {
  const team = useQuery({
    queryKey: ['reports', id, 'team', month.year, month.month],
    queryFn: () => loadTeamBreakdown(id, { month: month.month, year: month.year }),
    retry: false,
  });
  const title = `Team, ${month.label}`;
  return (
    <Box component="section" aria-label={title} sx={{ display: 'flex', flexDirection: 'column', gap: 1, minWidth: 0 }}>
      <Typography variant="h3" component={heading} sx={{ fontSize: '1rem', fontWeight: 600 }}>
        Team
      </Typography>
      {team.isPending && <CircularProgress size={20} aria-label="Loading the team breakdown" />}
      {team.isError && (
        <Alert severity="error">
          {errorText(team.error, {
            noText: "We couldn't load the team breakdown. Please try again.",
            failure: "We couldn't load the team breakdown. Please try again.",
          })}
        </Alert>
      )}
      {team.data && (
        <>
          <Typography variant="body2" color="textSecondary">
            {team.data.note}
          </Typography>
          {team.data.team.length > 0 && (
            <Box sx={{ overflowX: 'auto', maxWidth: 900 }}>
              <Table size="small" aria-label={title}>
                <TableHead>
                  <TableRow>
                    <TableCell>Team member</TableCell>
                    <TableCell align="right">Sales</TableCell>
                    <TableCell align="right">Payments</TableCell>
                    <TableCell align="right">Services</TableCell>
                    <TableCell align="right">Clients</TableCell>
                    <TableCell align="right">Average ticket</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {team.data.team.map((m) => (
                    <TableRow key={`${m.provider}|${m.team_member_id}`}>
                      <TableCell>
                        <Link
                          component="button"
                          type="button"
                          underline="hover"
                          onClick={() => onOpen({ group: 'revenue', teamMember: m.team_member_id, label: m.name })}
                          sx={{ textAlign: 'left', fontSize: 'inherit' }}
                        >
                          {m.name}
                        </Link>
                      </TableCell>
                      <TableCell align="right">{pounds.format(m.sales)}</TableCell>
                      <TableCell align="right">{count(m.payments)}</TableCell>
                      <TableCell align="right">{count(m.services)}</TableCell>
                      <TableCell align="right">{count(m.clients)}</TableCell>
                      <TableCell align="right">
                        {m.average_ticket === null ? '—' : pounds.format(m.average_ticket)}
                      </TableCell>
                    </TableRow>
                  ))}
                  <TableRow>
                    <TableCell sx={{ color: 'text.secondary' }}>Not attributed to a team member</TableCell>
                    <TableCell align="right" sx={{ color: 'text.secondary' }}>
                      {pounds.format(team.data.not_attributed.sales)}
                    </TableCell>
                    <TableCell align="right" sx={{ color: 'text.secondary' }}>
                      {count(team.data.not_attributed.payments)}
                    </TableCell>
                    <TableCell colSpan={3} />
                  </TableRow>
                </TableBody>
              </Table>
            </Box>
          )}
          <Typography variant="caption" color="textSecondary">
            Sales as the reports count them (net of VAT for a VAT-registered business), before refunds; clients are the
            people a processor names.
          </Typography>
        </>
      )}
    </Box>
  );
}
