/** react-query keys of the queues page; all start with 'queues'. */
export const queueKeys = {
  all: ['queues'] as const,
  list: () => ['queues', 'list'] as const,
  userOptions: () => ['queues', 'options', 'users'] as const,
  integrationOptions: () => ['queues', 'options', 'integrations'] as const,
  promptOptions: () => ['queues', 'options', 'prompts'] as const,
  detail: (id: number) => ['queues', 'detail', id] as const,
  chatbot: (id: number) => ['queues', 'chatbot', id] as const,
};
