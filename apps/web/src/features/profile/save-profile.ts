import { PROFILE_MESSAGES } from '@brade/contract';
import { updateBusinessInfo, updateEmail, updatePassword, updatePersonalInfo } from '../../api/profile';
import { storeFullName } from '../../api/session';
import type { UserDetails } from '../../api/user';
import { toBusinessDetails } from '../../ui/business-form';
import { failureNotice } from '../../ui/failure-notice';
import type { NoticeSeverity } from '../../ui/use-notices';
import type { Drafts, SectionKey } from './profile-form';

export interface SaveNotice {
  severity: NoticeSeverity;
  text: string;
  detail?: string | undefined;
}

export interface SectionOutcome {
  section: SectionKey;
  /** False when any of the section's calls failed: the section then resets. */
  ok: boolean;
  /** True when the server took at least one change (the shell reloads the user details). */
  changedSomething: boolean;
  notices: SaveNotice[];
  /** Set after a successful e-mail change request: the address that waits for its confirmation link. */
  pendingEmail?: string;
  /** What the server now holds, so the screen shows it before the details are reloaded. */
  patch?: Partial<UserDetails>;
}

type Attempt = { ok: true } | { ok: false; error: unknown };

async function attempt(what: string, call: () => Promise<unknown>): Promise<Attempt> {
  try {
    await call();
    return { ok: true };
  } catch (error) {
    console.error(`Could not update ${what}`, error);
    return { ok: false, error };
  }
}

/** A failed save's notice: the spec's sentence and the server's reason, or a refusal no retry can fix. */
const failed = (specText: string, result: { error: unknown }): SaveNotice => ({
  severity: 'error',
  ...failureNotice(specText, result.error),
});

async function savePersonal(id: string, details: UserDetails, drafts: Drafts): Promise<SectionOutcome> {
  const outcome: SectionOutcome = { section: 'personal', ok: true, changedSomething: false, notices: [] };
  const fullName = drafts.personal.fullName.trim();
  const email = drafts.personal.email.trim().toLowerCase();
  if (fullName !== details.full_name) {
    const result = await attempt('personal information', () => updatePersonalInfo(id, fullName));
    if (result.ok) {
      storeFullName(fullName);
      outcome.changedSomething = true;
      outcome.patch = { full_name: fullName };
      outcome.notices.push({ severity: 'success', text: PROFILE_MESSAGES.personal.success });
    } else {
      outcome.ok = false;
      outcome.notices.push(failed(PROFILE_MESSAGES.personal.failure, result));
    }
  }
  if (email !== details.email.toLowerCase()) {
    const result = await attempt('email', () => updateEmail(id, email));
    if (result.ok) {
      outcome.pendingEmail = email;
      outcome.notices.push({ severity: 'success', text: PROFILE_MESSAGES.email.success });
    } else {
      outcome.ok = false;
      outcome.notices.push(failed(PROFILE_MESSAGES.email.failure, result));
    }
  }
  return outcome;
}

async function saveBusiness(id: string, details: UserDetails, drafts: Drafts): Promise<SectionOutcome> {
  const form = drafts.business;
  const payload = toBusinessDetails(form);
  const unchanged =
    payload.salon_name === details.salon_name &&
    payload.business_address === details.business_address &&
    payload.postcode === details.postcode &&
    payload.state === details.state &&
    payload.country === details.country &&
    (payload.legal_form ?? null) === details.legal_form;
  if (unchanged) return { section: 'business', ok: true, changedSomething: false, notices: [] };
  const result = await attempt('business information', () => updateBusinessInfo(id, payload));
  return result.ok
    ? {
        section: 'business',
        ok: true,
        changedSomething: true,
        notices: [{ severity: 'success', text: PROFILE_MESSAGES.business.success }],
        patch: payload,
      }
    : {
        section: 'business',
        ok: false,
        changedSomething: false,
        notices: [failed(PROFILE_MESSAGES.business.failure, result)],
      };
}

async function savePassword(id: string, drafts: Drafts): Promise<SectionOutcome> {
  // Both boxes left empty: nothing to change.
  if (!drafts.password.newPassword) return { section: 'password', ok: true, changedSomething: false, notices: [] };
  const { currentPassword, newPassword } = drafts.password;
  const result = await attempt('password', () => updatePassword(id, currentPassword, newPassword));
  return result.ok
    ? {
        section: 'password',
        ok: true,
        changedSomething: false,
        notices: [{ severity: 'success', text: PROFILE_MESSAGES.password.success }],
      }
    : {
        section: 'password',
        ok: false,
        changedSomething: false,
        notices: [failed(PROFILE_MESSAGES.password.failure, result)],
      };
}

/** Saves one edited section through its calls; never throws. */
export function saveSection(
  section: SectionKey,
  id: string,
  details: UserDetails,
  drafts: Drafts,
): Promise<SectionOutcome> {
  if (section === 'personal') return savePersonal(id, details, drafts);
  if (section === 'business') return saveBusiness(id, details, drafts);
  return savePassword(id, drafts);
}
