import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { UserDetails } from '../../api/user';
import { userDetailsKey } from '../../shell/use-user-details';
import type { NoticeSeverity } from '../../ui/use-notices';
import {
  type Drafts,
  draftsFrom,
  type FieldErrors,
  SECTION_KEYS,
  type SectionKey,
  validateSection,
} from './profile-form';
import { saveSection } from './save-profile';

type Notify = (severity: NoticeSeverity, text: string, detail?: string, tag?: string) => void;

/**
 * The Profile screen's editing state: which sections are open, their drafts and field errors, and the one
 * 'Save changes' that saves every open section. A section leaves editing after its save, whether it worked or
 * not: a failed save resets it to the saved values (docs/product.md, "States and transitions"). Once a save found a
 * section wrong, each change checks that section again: its errors (and the notice that said them) go as soon as
 * they are fixed, and with the section when it is cancelled, so no old error stands beside a later success.
 */
export function useProfileEditor(
  id: string,
  details: UserDetails | undefined,
  notify: Notify,
  dismissTagged: (tag: string) => void,
) {
  const client = useQueryClient();
  const [editing, setEditing] = useState<ReadonlySet<SectionKey>>(new Set());
  const [drafts, setDrafts] = useState<Drafts>(() => draftsFrom(details));
  const [errors, setErrors] = useState<Record<SectionKey, FieldErrors>>({ personal: {}, business: {}, password: {} });
  const [saving, setSaving] = useState(false);
  const [pendingEmail, setPendingEmail] = useState<string | null>(null);
  // The sections a save found wrong: their fields are checked again as they change.
  const [checked, setChecked] = useState<ReadonlySet<SectionKey>>(new Set());

  const close = (sections: readonly SectionKey[]) => {
    const fresh = draftsFrom(details);
    for (const key of sections) dismissTagged(key);
    setChecked((current) => new Set([...current].filter((key) => !sections.includes(key))));
    setEditing((open) => new Set([...open].filter((key) => !sections.includes(key))));
    setDrafts((current) => {
      const next = { ...current };
      for (const key of sections) Object.assign(next, { [key]: fresh[key] });
      return next;
    });
    setErrors((current) => {
      const next = { ...current };
      for (const key of sections) next[key] = {};
      return next;
    });
  };

  const toggle = (section: SectionKey) => {
    if (editing.has(section)) {
      close([section]);
      return;
    }
    const fresh = draftsFrom(details);
    setDrafts((current) => ({ ...current, [section]: fresh[section] }));
    setEditing((open) => new Set([...open, section]));
  };

  const change = <K extends SectionKey>(section: K, draft: Drafts[K]) => {
    const next = { ...drafts, [section]: draft };
    setDrafts(next);
    const found = checked.has(section) ? validateSection(section, next) : {};
    setErrors((current) => ({ ...current, [section]: found }));
    if (Object.keys(found).length === 0) dismissTagged(section);
  };

  const saveAll = async () => {
    if (!details || saving) return;
    const open = SECTION_KEYS.filter((key) => editing.has(key));
    const found = Object.fromEntries(open.map((key) => [key, validateSection(key, drafts)])) as Record<
      SectionKey,
      FieldErrors
    >;
    const invalid = open.filter((key) => Object.keys(found[key]).length > 0);
    if (invalid.length > 0) {
      setErrors((current) => ({ ...current, ...found }));
      setChecked((current) => new Set([...current, ...invalid]));
      // The password mismatch is the one message the spec gives for this form: say it out loud too.
      const problem = found.password?.confirmPassword ?? found.password?.currentPassword;
      if (problem) {
        dismissTagged('password');
        notify('error', problem, undefined, 'password');
      }
      return;
    }
    setSaving(true);
    const outcomes = await Promise.all(open.map((key) => saveSection(key, id, details, drafts)));
    for (const outcome of outcomes) {
      for (const notice of outcome.notices) notify(notice.severity, notice.text, notice.detail);
      if (outcome.pendingEmail) setPendingEmail(outcome.pendingEmail);
      if (outcome.patch) {
        const patch = outcome.patch;
        client.setQueryData<UserDetails>(userDetailsKey(id), (current) => current && { ...current, ...patch });
      }
    }
    close(open);
    setSaving(false);
    if (outcomes.some((outcome) => outcome.changedSomething)) window.dispatchEvent(new Event('userDetailsUpdated'));
  };

  return { editing, drafts, errors, saving, pendingEmail, toggle, change, saveAll };
}
