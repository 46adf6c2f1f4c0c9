/** react-query keys of the connections page; all start with 'connections'. */
export const connectionKeys = {
  all: ['connections'] as const,
  list: () => ['connections', 'list'] as const,
  queues: () => ['connections', 'queues'] as const,
};
