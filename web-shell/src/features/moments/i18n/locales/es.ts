import type { MomentsLocale } from './pt.js';

export const es: MomentsLocale = {
  title: 'Panel de atenciones',
  pending: 'Pendientes',
  noQueue: 'Sin cola',
  queues: 'Colas',
  noResults: 'Ninguna cola',
  count_one: '{{count}} atención',
  count_other: '{{count}} atenciones',
  more: 'y {{count}} más',
  empty: 'Ninguna atención en curso en los últimos 30 días',
  error: 'Error al buscar información de los tickets',
  loading: 'Cargando atenciones...',
  open: 'Abrir la atención de {{name}}',
  online: 'En línea',
  offline: 'Desconectado',
};
