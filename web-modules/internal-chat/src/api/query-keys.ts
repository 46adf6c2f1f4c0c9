/** react-query keys of this module; all start with 'internal-chat' so they never clash. */
export const chatKeys = {
  all: ['internal-chat'] as const,
  list: () => ['internal-chat', 'chats'] as const,
  chat: (uuid: string) => ['internal-chat', 'chat', uuid] as const,
  messages: (chatId: number) => ['internal-chat', 'messages', chatId] as const,
  users: () => ['internal-chat', 'users'] as const,
};
