import { NOTIFICATION_LABELS, type NotificationSettings, SETTINGS_MESSAGES } from '@brade/contract';
import Button from '@mui/material/Button';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { settingsKeys, updateNotificationSettings } from '../../api/settings';
import { useUserDetails } from '../../shell/use-user-details';
import { failureNotice } from '../../ui/failure-notice';
import { PlainRadioGroup } from '../../ui/PlainRadioGroup';
import { PlainSkeleton } from '../../ui/PlainSkeleton';
import { LoadFailed, SettingsCard } from '../../ui/SettingsCard';
import { useDeferredArrival } from '../../ui/use-deferred-arrival';
import type { NoticeSeverity } from '../../ui/use-notices';
import s from './settings.module.css';
import { notificationsQuery, vatQuery } from './settings-queries';

type Notify = (severity: NoticeSeverity, text: string, detail?: string) => void;
type Key = keyof NotificationSettings;

const DESCRIPTIONS: Record<Key, string> = {
  monthly_summary: "Last month's figures and income statement, on the 1st of each month.",
  action_required: 'When a connection fails, a token is revoked or bank consent is about to end.',
  email_notifications: 'Send notifications to your e-mail address.',
  vat_return_due: 'An e-mail a week before a VAT return is due, while HMRC shows it still to file.',
  quarterly_update_due: 'An e-mail a week before an Income Tax quarterly update is due, while it is not sent.',
};

const CHOICES = [
  { value: 'enable', label: 'Enable' },
  { value: 'disable', label: 'Disable' },
] as const;

function ToggleRow({
  name,
  on,
  disabled,
  onChange,
}: {
  name: Key;
  on: boolean;
  disabled: boolean;
  onChange: (on: boolean) => void;
}) {
  const labelId = useId();
  const descriptionId = useId();
  return (
    <div className={s.toggle}>
      <div className={s.toggleText}>
        <h3 id={labelId} className={s.rowName}>
          {NOTIFICATION_LABELS[name]}
        </h3>
        <p id={descriptionId} className={s.description}>
          {DESCRIPTIONS[name]}
        </p>
      </div>
      <PlainRadioGroup
        name={name}
        aria-labelledby={labelId}
        aria-describedby={descriptionId}
        options={CHOICES}
        value={on ? 'enable' : 'disable'}
        disabled={disabled}
        onChange={(value) => onChange(value === 'enable')}
      />
    </div>
  );
}

const same = (a: NotificationSettings, b: NotificationSettings) =>
  a.monthly_summary === b.monthly_summary &&
  a.action_required === b.action_required &&
  a.email_notifications === b.email_notifications &&
  a.vat_return_due === b.vat_return_due &&
  a.quarterly_update_due === b.quarterly_update_due;

/**
 * Settings → Notifications: Monthly Summary and Action Required, each Enable or Disable; Save after a change.
 * The Email Notifications card exists but is hidden (docs/product.md, "Screens and routes"): its value is kept and sent
 * back as read.
 */
export function NotificationsCard({ id, notify }: { id: string; notify: Notify }) {
  // Beyond the spec: the VAT reminder, for a VAT-registered business.
  const vat = useDeferredArrival(useQuery(vatQuery(id)).data);
  const registered = vat !== undefined && vat.scheme !== 'not_registered';
  // Beyond the spec: the quarterly update reminder, for a sole trader (docs/finance.md, "Income Tax").
  const soleTrader = useDeferredArrival(useUserDetails(id).data)?.legal_form === 'sole_trader';
  const client = useQueryClient();
  const settings = useQuery(notificationsQuery(id));
  const [draft, setDraft] = useState<NotificationSettings | null>(null);
  const save = useMutation({
    mutationFn: (next: NotificationSettings) => updateNotificationSettings(id, next),
    onSuccess: (_answer, saved) => {
      client.setQueryData(settingsKeys.notifications(id), saved);
      setDraft(null);
      notify('success', SETTINGS_MESSAGES.notifications.success);
    },
    onError: (error) => {
      console.error('Could not save notification settings', error);
      const { text, detail } = failureNotice(SETTINGS_MESSAGES.notifications.failure, error);
      notify('error', text, detail);
    },
  });

  const saved = useDeferredArrival(settings.data);
  const shown = draft ?? saved;
  const changed = Boolean(draft && saved && !same(draft, saved));
  const row = (name: Key) =>
    shown ? (
      <ToggleRow
        name={name}
        on={shown[name]}
        disabled={save.isPending}
        onChange={(on) => setDraft({ ...shown, [name]: on })}
      />
    ) : (
      <PlainSkeleton rounded height={56} />
    );

  return (
    <>
      <SettingsCard
        title="Notifications"
        subtitle="Choose what Brade tells you about."
        footer={
          changed && (
            <Button variant="contained" disabled={save.isPending} onClick={() => draft && save.mutate(draft)}>
              Save
            </Button>
          )
        }
      >
        {settings.isError ? (
          <LoadFailed what="notification settings" onRetry={() => void settings.refetch()} />
        ) : (
          <div className={s.toggles} aria-busy={!shown}>
            {row('monthly_summary')}
            {row('action_required')}
            {registered && row('vat_return_due')}
            {soleTrader && row('quarterly_update_due')}
          </div>
        )}
      </SettingsCard>
      <SettingsCard title={NOTIFICATION_LABELS.email_notifications} hidden>
        {row('email_notifications')}
      </SettingsCard>
    </>
  );
}
