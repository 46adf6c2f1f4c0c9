import { SettingDefaults } from '@guiche/contracts';

/** account-admin.md §3: which hours decide "out of hours" (and which dialogs get a schedules tab). */
export const SCHEDULE_TYPES = ['disabled', 'queue', 'company', 'connection'] as const;
export type ScheduleType = (typeof SCHEDULE_TYPES)[number];

export function scheduleTypeOf(value: string | null | undefined): ScheduleType {
  return (SCHEDULE_TYPES as readonly string[]).includes(value ?? '') ? (value as ScheduleType) : 'disabled';
}

export const ENABLED_DISABLED = ['enabled', 'disabled'] as const;

export interface SettingOption {
  key: string;
  /** A choice among fixed values (select) or free text. */
  kind: 'choice' | 'text';
  choices?: readonly string[];
  /** Only super users see it (account-admin.md §6: userCreation). */
  superOnly?: boolean;
  /** Shown only while this holds for the current values (the LGPD details while LGPD is on). */
  when?(values: Record<string, string>): boolean;
  /** The LGPD block groups its keys. */
  group: 'general' | 'lgpd';
}

const toggle = (key: string, extra: Partial<SettingOption> = {}): SettingOption => ({ key, kind: 'choice', choices: ENABLED_DISABLED, group: 'general', ...extra });
const lgpdOn = (values: Record<string, string>) => values.enableLGPD === 'enabled';
const birthdaysOn = (values: Record<string, string>) => values.birthdayMessages === 'enabled';
/** Choice settings whose values are translated per key (values.<key>_<choice>). */
export const KEYED_CHOICES = ['scheduleType', 'walletRouting'];

/**
 * The options tab (account-admin.md §3 Settings keys), in the order shown. Every key is
 * enabled/disabled except scheduleType, chatBotType (text only) and the LGPD texts. The payment
 * provider token (asaas) belongs to the super users' billing screens, not to this tab.
 */
export const SETTING_OPTIONS: SettingOption[] = [
  toggle('userCreation', { superOnly: true }),
  { key: 'scheduleType', kind: 'choice', choices: SCHEDULE_TYPES, group: 'general' },
  { key: 'chatBotType', kind: 'choice', choices: ['text'], group: 'general' },
  toggle('userRating'),
  toggle('userRandom'),
  toggle('acceptCallWhatsapp'),
  toggle('sendGreetingMessageOneQueues'),
  toggle('sendSignMessage'),
  toggle('sendGreetingAccepted'),
  toggle('sendFarewellWaitingTicket'),
  toggle('sendMessageOutExpedientTicketOpen'),
  toggle('sendQueuePosition'),
  toggle('sendMsgTransfTicket'),
  toggle('acceptAudioMessageContact'),
  toggle('requiredTag'),
  toggle('requireCloseReason'),
  { key: 'walletRouting', kind: 'choice', choices: ['disabled', 'pending', 'open'], group: 'general' },
  toggle('birthdayMessages'),
  { key: 'birthdayMessage', kind: 'text', group: 'general', when: birthdaysOn },
  { key: 'birthdayTime', kind: 'text', group: 'general', when: birthdaysOn },
  toggle('enableLGPD', { group: 'lgpd' }),
  toggle('lgpdConsent', { group: 'lgpd', when: lgpdOn }),
  { key: 'lgpdMessage', kind: 'text', group: 'lgpd', when: lgpdOn },
  { key: 'lgpdLink', kind: 'text', group: 'lgpd', when: lgpdOn },
  toggle('lgpdDeleteMessage', { group: 'lgpd', when: lgpdOn }),
  toggle('lgpdHideNumber', { group: 'lgpd', when: lgpdOn }),
];

/** The company's values by key, a key the server does not list taking its default. */
export function settingValues(rows: readonly { key: string; value: string }[] | undefined): Record<string, string> {
  const values: Record<string, string> = { ...SettingDefaults };
  for (const row of rows ?? []) values[row.key] = row.value ?? '';
  return values;
}

/** The options this user sees with these values. */
export function visibleOptions(values: Record<string, string>, isSuper: boolean): SettingOption[] {
  return SETTING_OPTIONS.filter((o) => (!o.superOnly || isSuper) && (!o.when || o.when(values)));
}

/** The settings page's tabs (account-admin.md §2): schedules only when scheduleType is company. */
export function settingsTabs(scheduleType: ScheduleType): ('options' | 'schedules')[] {
  return scheduleType === 'company' ? ['options', 'schedules'] : ['options'];
}

/** lgpdLink: blank, or an http(s) address. */
export function validLgpdLink(value: string): boolean {
  const v = value.trim();
  if (!v) return true;
  try {
    const url = new URL(v);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** birthdayTime: HH:MM of a 24-hour day (the server's rule). */
export function validSendTime(value: string): boolean {
  return /^([01]\d|2[0-3]):[0-5]\d$/.test(value.trim());
}
