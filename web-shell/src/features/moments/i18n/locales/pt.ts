import type { Shape } from '../../../../locales/shape.js';

/** Portuguese (default and fallback) strings of the real-time moments view. */
export const pt = {
  title: 'Painel de atendimentos',
  pending: 'Pendentes',
  noQueue: 'Sem fila',
  queues: 'Filas',
  noResults: 'Nenhuma fila',
  count_one: '{{count}} atendimento',
  count_other: '{{count}} atendimentos',
  more: 'e mais {{count}}',
  empty: 'Nenhum atendimento em andamento nos últimos 30 dias',
  error: 'Erro ao buscar informações dos tickets',
  loading: 'Carregando atendimentos...',
  open: 'Abrir atendimento de {{name}}',
  online: 'Online',
  offline: 'Offline',
};

export type MomentsLocale = Shape<typeof pt>;
