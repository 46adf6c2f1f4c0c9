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
  lgpdDeleteMessage: 'disabled',
  lgpdHideNumber: 'disabled',
  lgpdConsent: 'disabled',
  lgpdMessage: '',
  lgpdLink: '',
  sendMsgTransfTicket: 'disabled',
  campaignsEnabled: 'disabled',
  groupAsTicket: 'disabled',
  asaas: '',
};
export const SettingKeys = Object.keys(SettingDefaults);
/** Keys whose value is free text rather than enabled/disabled. */
export const TextSettingKeys = ['lgpdMessage', 'lgpdLink', 'asaas', 'scheduleType', 'chatBotType'];
/** Settings only a super user reads or changes. */
export const SuperOnlySettingKeys = ['userCreation', 'asaas'];
