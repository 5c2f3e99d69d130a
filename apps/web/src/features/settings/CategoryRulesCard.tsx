import type { CategoryRule } from '@brade/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { loadCategoryRules, removeCategoryRule } from '../../api/books';
import { errorText } from '../../api/error-text';
import { PlainSkeleton } from '../../ui/PlainSkeleton';
import { LoadFailed, SettingsCard } from '../../ui/SettingsCard';
import type { NoticeSeverity } from '../../ui/use-notices';

type Notify = (severity: NoticeSeverity, text: string, detail?: string) => void;

const plural = (n: number) => `${n.toLocaleString('en-GB')} transaction${n === 1 ? '' : 's'}`;
const DIRECTION: Record<CategoryRule['direction'], string> = {
  debit: 'Payments to',
  credit: 'Money from',
  // A sold item's rule: every sale of it goes to a sales category (docs/finance.md, "What was sold").
  item: 'Sales of',
};

/**
 * Settings → Category rules (beyond the spec): the owner's own rules, made by "also apply to similar transactions";
 * removing one asks whether to restore the transactions it moved.
 */
export function CategoryRulesCard({ id, notify }: { id: string; notify: Notify }) {
  const client = useQueryClient();
  const rules = useQuery({ queryKey: ['books', id, 'rules'], queryFn: () => loadCategoryRules(id), retry: false });
  const [removing, setRemoving] = useState<CategoryRule | null>(null);
  const remove = useMutation({
    mutationFn: (restore: boolean) => removeCategoryRule(id, { rule_id: removing!.id, restore }),
    onSuccess: async (answer) => {
      setRemoving(null);
      notify(
        'success',
        answer.restored > 0 ? `${answer.message} ${plural(answer.restored)} restored.` : answer.message,
      );
      await client.invalidateQueries();
    },
    onError: (failure) => {
      const text = "We couldn't remove the rule. Please try again.";
      notify('error', errorText(failure, { noText: text, failure: text }));
    },
  });

  return (
    <SettingsCard
      title="Category rules"
      subtitle="Made when you move a transaction and choose “Also apply to similar transactions”. Future imports follow them."
      anchor="category-rules"
    >
      {rules.isPending && <PlainSkeleton rounded height={48} />}
      {rules.isError && <LoadFailed what="category rules" onRetry={() => void rules.refetch()} />}
      {rules.data?.length === 0 && (
        <Typography variant="body2" color="textSecondary">
          No rules yet. Open a line of a report, move a transaction, and tick “Also apply to similar transactions”.
        </Typography>
      )}
      {rules.data && rules.data.length > 0 && (
        <Box component="ul" aria-label="Category rules" sx={{ m: 0, p: 0, listStyle: 'none' }}>
          {rules.data.map((rule) => (
            <Box
              component="li"
              key={rule.id}
              sx={{
                display: 'flex',
                flexWrap: 'wrap',
                alignItems: 'center',
                justifyContent: 'space-between',
                gap: 1,
                py: 1.25,
                '&:not(:last-child)': { borderBottom: '1px solid', borderColor: 'divider' },
              }}
            >
              <Box sx={{ minWidth: 0, flex: '1 1 240px' }}>
                <Typography sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
                  {DIRECTION[rule.direction]} {rule.counterparty} → {rule.category}
                </Typography>
                <Typography variant="body2" color="textSecondary">
                  {plural(rule.transactions)} follow this rule
                </Typography>
              </Box>
              <Button size="small" color="error" onClick={() => setRemoving(rule)}>
                Remove
              </Button>
            </Box>
          ))}
        </Box>
      )}
      {removing && (
        <Dialog open onClose={() => setRemoving(null)} aria-labelledby="remove-rule-title">
          <DialogTitle id="remove-rule-title">Remove this rule?</DialogTitle>
          <DialogContent>
            <DialogContentText>
              {DIRECTION[removing.direction]} {removing.counterparty} will no longer go to {removing.category}. Restore
              the {plural(removing.transactions)} it moved to the categories Brade had given them, or keep them where
              they are?
            </DialogContentText>
          </DialogContent>
          <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
            <Button onClick={() => setRemoving(null)}>Cancel</Button>
            <Button onClick={() => remove.mutate(false)} disabled={remove.isPending}>
              Keep their categories
            </Button>
            <Button variant="contained" onClick={() => remove.mutate(true)} disabled={remove.isPending}>
              Restore them
            </Button>
          </DialogActions>
        </Dialog>
      )}
    </SettingsCard>
  );
}
