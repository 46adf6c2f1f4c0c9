export { ConversationPanel, type ConversationPanelProps } from './ConversationPanel.js';
export type { ConversationTicket } from './types.js';
export { VoiceCallButton } from './components/VoiceCallButton.js';
