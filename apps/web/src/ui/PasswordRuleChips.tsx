import { PASSWORD_RULES } from '@brade/contract';
import Cancel from '@mui/icons-material/Cancel';
import CheckCircle from '@mui/icons-material/CheckCircle';
import RadioButtonUnchecked from '@mui/icons-material/RadioButtonUnchecked';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { visuallyHidden } from './visually-hidden';

export type RuleState = 'neutral' | 'met' | 'unmet';

/** Neutral until the user starts typing, then green for each rule met and red for each one missed. */
export function ruleStates(password: string, started: boolean): { id: string; label: string; state: RuleState }[] {
  return PASSWORD_RULES.map((rule) => ({
    id: rule.id,
    label: rule.label,
    state: started ? (rule.test(password) ? 'met' : 'unmet') : 'neutral',
  }));
}

const look = {
  neutral: { color: 'default', icon: <RadioButtonUnchecked />, spoken: 'not checked yet' },
  met: { color: 'success', icon: <CheckCircle />, spoken: 'met' },
  unmet: { color: 'error', icon: <Cancel />, spoken: 'not met' },
} as const;

export function PasswordRuleChips({ password, started }: { password: string; started: boolean }) {
  return (
    <Stack component="ul" direction="row" aria-label="Password rules" sx={{ flexWrap: 'wrap', gap: 1, p: 0, m: 0 }}>
      {ruleStates(password, started).map((rule) => {
        const { color, icon, spoken } = look[rule.state];
        return (
          <li key={rule.id} style={{ listStyle: 'none' }}>
            <Chip
              size="small"
              label={
                <>
                  {rule.label}
                  <span style={visuallyHidden}>: {spoken}</span>
                </>
              }
              color={color}
              variant={rule.state === 'neutral' ? 'outlined' : 'filled'}
              icon={icon}
              data-state={rule.state}
            />
          </li>
        );
      })}
    </Stack>
  );
}
