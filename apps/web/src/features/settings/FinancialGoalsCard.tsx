import { type FinancialGoals, SETTINGS_MESSAGES } from '@brade/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Slider from '@mui/material/Slider';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { getFinancialGoals, settingsKeys, updateFinancialGoals } from '../../api/settings';
import { failureNotice } from '../../ui/failure-notice';
import { LoadFailed, SettingsCard } from '../../ui/SettingsCard';
import type { NoticeSeverity } from '../../ui/use-notices';
import { GOAL_SLIDERS, type GoalSlider, sameGoals } from './goal-sliders';

type Notify = (severity: NoticeSeverity, text: string, detail?: string) => void;

function GoalRow({
  slider,
  value,
  disabled,
  onChange,
}: {
  slider: GoalSlider;
  value: number;
  disabled: boolean;
  onChange: (value: number) => void;
}) {
  const labelId = useId();
  const referenceId = useId();
  return (
    <Box>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: 2 }}>
        <Typography id={labelId} component="h3" sx={{ fontWeight: 500 }}>
          {slider.label}
        </Typography>
        <Typography data-testid={`${slider.key}-value`} sx={{ fontWeight: 600, color: 'primary.main' }}>
          {slider.format(value)}
        </Typography>
      </Box>
      <Slider
        aria-labelledby={labelId}
        slotProps={{ input: { 'aria-describedby': referenceId } }}
        value={value}
        min={slider.min}
        max={slider.max}
        step={slider.step}
        disabled={disabled}
        getAriaValueText={slider.format}
        onChange={(_event, next) => onChange(next as number)}
        sx={{ mt: 0.5 }}
      />
      <Typography id={referenceId} variant="caption" color="text.secondary">
        {slider.reference}
      </Typography>
    </Box>
  );
}

/** Settings → Financial Goals: three sliders; Save appears after a change and goes again once saved. */
export function FinancialGoalsCard({ id, notify }: { id: string; notify: Notify }) {
  const client = useQueryClient();
  const goals = useQuery({ queryKey: settingsKeys.goals(id), queryFn: () => getFinancialGoals(id) });
  const [draft, setDraft] = useState<FinancialGoals | null>(null);
  const save = useMutation({
    mutationFn: (next: FinancialGoals) => updateFinancialGoals(id, next),
    onSuccess: (_answer, saved) => {
      client.setQueryData(settingsKeys.goals(id), saved);
      setDraft(null);
      // The dashboard draws the revenue target: it must not keep the old one.
      void client.invalidateQueries({ queryKey: ['dashboard', id, 'financial-goals'] });
      // The dashboard's goal progress holds the month against the goals just saved.
      void client.invalidateQueries({ queryKey: ['dashboard', id, 'goal-progress'] });
      notify('success', SETTINGS_MESSAGES.goals.success);
    },
    onError: (error) => {
      console.error('Could not save financial goals', error);
      const { text, detail } = failureNotice(SETTINGS_MESSAGES.goals.failure, error);
      notify('error', text, detail);
    },
  });

  const saved = goals.data;
  const shown = draft ?? saved;
  const changed = Boolean(draft && saved && !sameGoals(draft, saved));

  return (
    <SettingsCard
      title="Financial Goals"
      subtitle="Targets the dashboard and BradeBot measure your salon against."
      footer={
        changed && (
          <Button variant="contained" disabled={save.isPending} onClick={() => draft && save.mutate(draft)}>
            Save
          </Button>
        )
      }
    >
      {goals.isError ? (
        <LoadFailed what="financial goals" onRetry={() => void goals.refetch()} />
      ) : (
        <Box sx={{ display: 'grid', gap: 3 }} aria-busy={!shown}>
          {GOAL_SLIDERS.map((slider) =>
            shown ? (
              <GoalRow
                key={slider.key}
                slider={slider}
                value={shown[slider.key]}
                disabled={save.isPending}
                onChange={(value) => setDraft({ ...shown, [slider.key]: value })}
              />
            ) : (
              <Skeleton key={slider.key} variant="rounded" height={72} />
            ),
          )}
        </Box>
      )}
    </SettingsCard>
  );
}
