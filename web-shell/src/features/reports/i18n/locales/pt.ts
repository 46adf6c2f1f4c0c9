import type { Shape } from '../../../../locales/shape.js';

/** Portuguese (default and fallback) strings of the tickets report. */
export const pt = {
  title: 'Relatórios',
  filters: {
    contact: 'Contato',
    contactPlaceholder: 'Digite 3 letras para buscar',
    contactNone: 'Nenhum contato encontrado',
    contactClear: 'Limpar contato',
    connections: 'Conexões',
    status: 'Status',
    users: 'Usuários',
    tags: 'Tags',
    queues: 'Filas',
    none: 'Nenhum resultado',
    from: 'Data inicial',
    to: 'Data final',
    apply: 'Filtrar',
  },
  status: { open: 'Aberto', pending: 'Pendente', closed: 'Fechado', group: 'Grupo' },
  noQueue: 'Sem fila',
  table: {
    label: 'Relatório de atendimentos',
    id: 'ID',
    connection: 'Conexão',
    contact: 'Contato',
    user: 'Usuário',
    queue: 'Fila',
    status: 'Status',
    lastMessage: 'Última mensagem',
    createdAt: 'Data de abertura',
    closedAt: 'Data de fechamento',
    supportTime: 'Tempo de atendimento',
    nps: 'NPS',
    open: 'Abrir',
    openTicket: 'Abrir atendimento {{id}}',
    empty: 'Nenhum atendimento encontrado',
    loading: 'Carregando...',
    error: 'Erro ao buscar informações dos tickets',
  },
  pagination: {
    pageSize: 'Itens por página',
    page: 'Página {{page}} de {{pages}}',
    total_one: '{{count}} atendimento',
    total_other: '{{count}} atendimentos',
    previous: 'Anterior',
    next: 'Próxima',
  },
  export: {
    button: 'Exportar Excel',
    progress: 'Exportando {{done}} de {{total}}...',
    done: 'Relatório exportado',
    error: 'Não foi possível exportar o relatório',
  },
};

export type ReportsLocale = Shape<typeof pt>;
