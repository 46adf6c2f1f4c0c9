export { ConversationPanel, type ConversationPanelProps } from './ConversationPanel.js';
export type { ConversationTicket } from './types.js';
