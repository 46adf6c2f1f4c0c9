/** Realtime event names (inbox.md §7, outreach-config.md §7). Payload: { action, <record> }. */
export const Events = {
  auth: (companyId: number) => `company-${companyId}-auth`,
  user: (companyId: number) => `company-${companyId}-user`,
  plan: (companyId: number) => `company-${companyId}-plan`,
  contact: (companyId: number) => `company-${companyId}-contact`,
  /** To the importing user only: { action: 'progress', source: 'contacts' | 'chats', done, total }. */
  contactImport: (companyId: number) => `company-${companyId}-contactImport`,
  tag: (companyId: number) => `company-${companyId}-tag`,
  closingReason: (companyId: number) => `company-${companyId}-closingReason`,
  /** { action, slaTarget | slaTargetId } to the company's admins. */
  slaTarget: (companyId: number) => `company-${companyId}-slaTarget`,
  /** SlaBreachEvent to the company's admins and the ticket's queue supervisors (users with showDashboard). */
  slaBreach: (companyId: number) => `company-${companyId}-slaBreach`,
  chat: (companyId: number) => `company-${companyId}-chat`,
  chatUser: (userId: number) => `chat-user-${userId}`,
  chatRoom: (chatId: number) => `chat-${chatId}`,
  whatsapp: (companyId: number) => `company-${companyId}-whatsapp`, whatsappSession: (companyId: number) => `company-${companyId}-whatsappSession`,
  /** To the company's admins: { action: 'create' } after an audit row was appended (the page reloads its list). */
  audit: (companyId: number) => `company-${companyId}-audit`,
  /** To the company's admins: a connection alert raised, cleared, dropped or back (ConnectionAlertChange). */
  connectionAlert: (companyId: number) => `company-${companyId}-connectionAlert`,
} as const;

export type EventAction = 'create' | 'update' | 'delete' | 'new-message' | 'logout' | 'refresh';

/** Rooms the server emits to; a socket joins only those its user may see. */
export const Rooms = {
  company: (companyId: number) => `company:${companyId}`,
  companyAdmins: (companyId: number) => `company:${companyId}:admins`,
  user: (userId: number) => `user:${userId}`,
  chat: (chatId: number) => `chat:${chatId}`,
  ticket: (uuid: string) => `ticket:${uuid}`,
} as const;

/** Socket.io timing (account-admin.md §9). */
export const SOCKET_PING_MS = 18000;
export const PRESENCE_HEARTBEAT_MS = 300000;
