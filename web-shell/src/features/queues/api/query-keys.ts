/** react-query keys of the queues page; all start with 'queues'. */
export const queueKeys = {
  all: ['queues'] as const,
  list: () => ['queues', 'list'] as const,
  userOptions: () => ['queues', 'options', 'users'] as const,
};
