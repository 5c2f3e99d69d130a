import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId } from 'react';

interface ProfileSectionProps {
  title: string;
  editing: boolean;
  /** Edit while read-only, Cancel while editing (Cancel restores the saved values). */
  onToggle: () => void;
  disabled?: boolean;
  children: ReactNode;
}

/**
 * One section of the Profile screen with its Edit/Cancel toggle (docs/product.md, "Screens and routes" and "States and
 * transitions").
 */
export function ProfileSection({ title, editing, onToggle, disabled, children }: ProfileSectionProps) {
  const titleId = useId();
  const action = editing ? 'Cancel' : 'Edit';
  return (
    <Paper
      component="section"
      aria-labelledby={titleId}
      elevation={0}
      data-editing={editing}
      sx={{
        p: { xs: 2.5, sm: 3 },
        border: '1px solid',
        borderColor: editing ? 'primary.light' : 'divider',
        transition: 'border-color 150ms',
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, mb: 2 }}>
        <Typography id={titleId} variant="h2" sx={{ fontSize: '1.2rem' }}>
          {title}
        </Typography>
        <Button
          variant={editing ? 'text' : 'outlined'}
          size="small"
          onClick={onToggle}
          disabled={disabled}
          aria-label={`${action} ${title}`}
          sx={{ py: 0.5, px: 2 }}
        >
          {action}
        </Button>
      </Box>
      {children}
    </Paper>
  );
}

/** The read-only view of a section: each label with its saved value. */
export function DetailList({ rows }: { rows: Array<{ label: string; value: ReactNode }> }) {
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: '180px 1fr' },
        columnGap: 2,
        rowGap: { xs: 0.25, sm: 1.25 },
      }}
    >
      {rows.map(({ label, value }) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="textSecondary" sx={{ mt: { xs: 1, sm: 0 } }}>
            {label}
          </Typography>
          <Typography component="dd" sx={{ m: 0, fontWeight: 500, overflowWrap: 'anywhere' }}>
            {value || (
              <Box component="span" sx={{ color: 'text.secondary', fontWeight: 400 }}>
                Not set
              </Box>
            )}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

export function SectionSkeleton() {
  return <Skeleton variant="rounded" height={150} />;
}
