import { ScheduleTypes } from './service-hours.js';

/** Settings keys (account-admin.md §3) with their defaults for a new company. */
export const SettingDefaults: Record<string, string> = {
  userCreation: 'enabled',
  userRating: 'disabled',
  scheduleType: 'disabled',
  chatBotType: 'text',
  acceptCallWhatsapp: 'enabled',
  userRandom: 'disabled',
  sendGreetingMessageOneQueues: 'enabled',
  sendSignMessage: 'enabled',
  sendFarewellWaitingTicket: 'disabled',
  sendGreetingAccepted: 'disabled',
  sendMessageOutExpedientTicketOpen: 'disabled',
  sendQueuePosition: 'disabled',
  acceptAudioMessageContact: 'enabled',
  enableLGPD: 'disabled',
  requiredTag: 'disabled',
  requireCloseReason: 'disabled',
  lgpdDeleteMessage: 'disabled',
  lgpdHideNumber: 'disabled',
  lgpdConsent: 'disabled',
  lgpdMessage: '',
  lgpdLink: '',
  sendMsgTransfTicket: 'disabled',
  campaignsEnabled: 'disabled',
  groupAsTicket: 'disabled',
  asaas: '',
  /** Minutes a connection may stay down before its alert is raised (issue #31). */
  connectionAlertMinutes: '2',
  /** Issue #33: a wallet contact's new conversation goes to its owner agent (pending or open), or the menu as usual. */
  walletRouting: 'disabled',
  /** Issue #33: the daily birthday greeting, its text (message variables) and local send time. */
  birthdayMessages: 'disabled',
  birthdayMessage: 'Feliz aniversário, {{name}}! 🎉',
  birthdayTime: '09:00',
};
export const SettingKeys = Object.keys(SettingDefaults);
/** Keys whose value is free text rather than enabled/disabled. */
export const TextSettingKeys = ['lgpdMessage', 'lgpdLink', 'asaas', 'scheduleType', 'chatBotType', 'walletRouting', 'birthdayMessage', 'birthdayTime'];
/** Settings only a super user reads or changes. */
export const SuperOnlySettingKeys = ['userCreation', 'asaas'];

/** Settings whose text value must be one of a few choices (account-admin.md §3). */
export const SettingChoices: Record<string, readonly string[]> = {
  scheduleType: ScheduleTypes,
  chatBotType: ['text'],
  connectionAlertMinutes: ['1', '2', '5', '10', '15', '30', '60'],
  walletRouting: ['disabled', 'pending', 'open'],
};

/** Settings whose text must match a pattern, with the i18n key of the issue. */
const SettingPatterns: Record<string, { pattern: RegExp; issue: string }> = {
  birthdayTime: { pattern: /^([01]\d|2[0-3]):[0-5]\d$/, issue: 'validation.time' },
};

/** Longest value of a free-text setting (lgpdMessage, lgpdLink, asaas). */
export const SETTING_TEXT_MAX = 5000;

/**
 * The i18n key of what is wrong with a setting's value, or null when it is valid: choice settings
 * take one of their values, switch settings enabled/disabled, text settings any text.
 */
export function settingValueIssue(key: string, value: string): string | null {
  const choices = SettingChoices[key];
  if (choices) return choices.includes(value) ? null : 'validation.option';
  const pattern = SettingPatterns[key];
  if (pattern && !pattern.pattern.test(value)) return pattern.issue;
  if (TextSettingKeys.includes(key)) return value.length <= SETTING_TEXT_MAX ? null : 'validation.tooLong';
  return value === 'enabled' || value === 'disabled' ? null : 'validation.enabledDisabled';
}
