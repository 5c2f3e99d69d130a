import { type FinancialGoals, type FinancialGoalsResponse, SETTINGS_MESSAGES } from '@brade/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { settingsKeys, updateFinancialGoals } from '../../api/settings';
import { failureNotice } from '../../ui/failure-notice';
import { PlainSkeleton } from '../../ui/PlainSkeleton';
import { PlainSlider } from '../../ui/PlainSlider';
import { LoadFailed, SettingsCard } from '../../ui/SettingsCard';
import { suggestionBasis } from '../../ui/suggested-goals';
import { TextInput } from '../../ui/TextInput';
import { useDeferredArrival } from '../../ui/use-deferred-arrival';
import type { NoticeSeverity } from '../../ui/use-notices';
import { GOAL_SLIDERS, type GoalSlider, parseTypedTarget, sameGoals } from './goal-sliders';
import s from './settings.module.css';
import { goalsQuery } from './settings-queries';

type Notify = (severity: NoticeSeverity, text: string, detail?: string) => void;

/**
 * Beyond the spec: an amount typed beside the revenue slider, for targets above its £20,000 (up to £1,000,000). The
 * two stay in step: moving the slider writes its value here, and a typed amount moves the slider (to its end when
 * past it). An amount that is not a target says why and changes nothing.
 */
function TypedTarget({
  slider,
  value,
  disabled,
  onChange,
  onValidity,
}: {
  slider: GoalSlider;
  value: number;
  disabled: boolean;
  onChange: (value: number) => void;
  onValidity: (valid: boolean) => void;
}) {
  // What the owner typed, for the value it was typed at: once the slider moves the value on, the field follows it.
  const [typing, setTyping] = useState<{ text: string; error: string | null; at: number } | null>(null);
  const current = typing && typing.at === value ? typing : null;
  useEffect(() => {
    if (!current) onValidity(true);
  }, [current, onValidity]);
  const text = current?.text ?? String(value);
  return (
    <div className={s.typed}>
      <TextInput
        label={`Or type an amount (up to ${slider.format(slider.typedMax!)})`}
        name={`${slider.key}-typed`}
        value={text}
        disabled={disabled}
        inputMode="numeric"
        error={Boolean(current?.error)}
        helperText={current?.error ?? undefined}
        onChange={(event) => {
          const next = event.target.value;
          const parsed = parseTypedTarget(next);
          if ('value' in parsed) {
            setTyping({ text: next, error: null, at: parsed.value });
            onValidity(true);
            onChange(parsed.value);
          } else {
            setTyping({ text: next, error: parsed.error, at: value });
            onValidity(false);
          }
        }}
        onBlur={() => {
          if (!current?.error) setTyping(null);
        }}
      />
    </div>
  );
}

/**
 * A goal row's height as drawn (its name, slider and reference; the revenue target's typed amount below), whatever the
 * width: the skeleton that stands for it while the goals load is as tall, so nothing below moves when they come.
 */
const ROW_HEIGHT_PX = 89;
const TYPED_ROW_HEIGHT_PX = 175.4;

function GoalRow({
  slider,
  value,
  disabled,
  onChange,
  onValidity,
}: {
  slider: GoalSlider;
  value: number;
  disabled: boolean;
  onChange: (value: number) => void;
  onValidity: (valid: boolean) => void;
}) {
  const labelId = useId();
  const referenceId = useId();
  const beyond = value > slider.max;
  return (
    <div>
      <div className={s.goalHead}>
        <h3 id={labelId} className={s.rowName}>
          {slider.label}
        </h3>
        <p data-testid={`${slider.key}-value`} className={s.goalValue}>
          {slider.format(value)}
        </p>
      </div>
      <PlainSlider
        className={s.slider}
        aria-labelledby={labelId}
        aria-describedby={referenceId}
        value={Math.min(value, slider.max)}
        min={slider.min}
        max={slider.max}
        step={slider.step}
        disabled={disabled}
        valueText={(shown) =>
          beyond ? `${slider.format(value)}, past the slider's ${slider.format(slider.max)}` : slider.format(shown)
        }
        onChange={onChange}
      />
      <span id={referenceId} className={s.reference}>
        {slider.reference}
      </span>
      {slider.typedMax !== undefined && (
        <TypedTarget slider={slider} value={value} disabled={disabled} onChange={onChange} onValidity={onValidity} />
      )}
    </div>
  );
}

/**
 * Until the owner saves goals, the goals shown are suggestions (docs/finance.md, "Goal progress"): say so, from
 * what, and let the owner keep them as they are.
 */
function Suggested({ answer, onUse, busy }: { answer: FinancialGoalsResponse; onUse: () => void; busy: boolean }) {
  return (
    <Alert
      severity="info"
      role="note"
      data-testid="goals-suggested"
      sx={{ mb: 2.5 }}
      action={
        <Button color="inherit" size="small" onClick={onUse} disabled={busy} sx={{ whiteSpace: 'nowrap' }}>
          Use these goals
        </Button>
      }
    >
      Suggested goals, not saved yet: the revenue target is {suggestionBasis(answer.suggested_from)}, to the nearest
      £100; the margin and retention goals are the industry standard. Until you save goals, the dashboard does not judge
      your months against them.
    </Alert>
  );
}

/** Settings → Financial Goals: three sliders; Save appears after a change and goes again once saved. */
export function FinancialGoalsCard({ id, notify }: { id: string; notify: Notify }) {
  const client = useQueryClient();
  const goals = useQuery(goalsQuery(id));
  const [draft, setDraft] = useState<FinancialGoals | null>(null);
  const [typedValid, setTypedValid] = useState(true);
  const save = useMutation({
    mutationFn: (next: FinancialGoals) => updateFinancialGoals(id, next),
    onSuccess: (_answer, saved) => {
      client.setQueryData<FinancialGoalsResponse>(settingsKeys.goals(id), {
        financial_goals: saved,
        saved: true,
        suggested_from: [],
      });
      setDraft(null);
      // The dashboard draws the revenue target and says whether the goals are the owner's: it must not keep the old.
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

  const answer = useDeferredArrival(goals.data);
  const saved = answer?.financial_goals;
  const shown = draft ?? saved;
  const changed = Boolean(draft && saved && !sameGoals(draft, saved));

  return (
    <SettingsCard
      title="Financial Goals"
      subtitle="Targets the dashboard and BradeBot measure your salon against."
      anchor="financial-goals"
      footer={
        changed && (
          <Button
            variant="contained"
            disabled={save.isPending || !typedValid}
            onClick={() => draft && save.mutate(draft)}
          >
            Save
          </Button>
        )
      }
    >
      {goals.isError ? (
        <LoadFailed what="financial goals" onRetry={() => void goals.refetch()} />
      ) : (
        <>
          {answer && !answer.saved && !changed && saved && (
            <Suggested answer={answer} busy={save.isPending} onUse={() => save.mutate(saved)} />
          )}
          <div className={s.goals} aria-busy={!shown}>
            {GOAL_SLIDERS.map((slider) =>
              shown ? (
                <GoalRow
                  key={slider.key}
                  slider={slider}
                  value={shown[slider.key]}
                  disabled={save.isPending}
                  onChange={(value) => setDraft({ ...shown, [slider.key]: value })}
                  onValidity={setTypedValid}
                />
              ) : (
                <PlainSkeleton
                  key={slider.key}
                  rounded
                  height={slider.typedMax === undefined ? ROW_HEIGHT_PX : TYPED_ROW_HEIGHT_PX}
                />
              ),
            )}
          </div>
        </>
      )}
    </SettingsCard>
  );
}
