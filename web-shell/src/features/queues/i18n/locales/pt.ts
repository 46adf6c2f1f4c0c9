import type { Shape } from '../../../../locales/shape.js';

/** Portuguese (default and fallback) strings of the queues page and the queue dialog. */
export const pt = {
  title: 'Filas',
  actions: {
    add: 'Adicionar fila',
    edit: 'Editar',
    delete: 'Excluir',
    cancel: 'Cancelar',
    save: 'Salvar',
  },
  table: {
    label: 'Lista de filas',
    id: 'ID',
    name: 'Nome',
    color: 'Cor',
    order: 'Ordem',
    greeting: 'Mensagem de saudação',
    noGreeting: 'Sem saudação',
    actions: 'Ações',
    rowActions: 'Ações da fila {{name}}',
  },
  list: {
    loading: 'Carregando filas...',
    error: 'Não foi possível carregar a lista de registros',
    empty: 'Nenhuma fila ainda',
    emptyHint: 'Crie filas (setores) para distribuir os atendimentos entre as equipes.',
  },
  dialog: {
    newTitle: 'Adicionar fila',
    editTitle: 'Editar fila',
    name: 'Nome',
    color: 'Cor',
    order: 'Ordem da fila (bot)',
    orderHint: 'Posição da fila no menu do bot; em branco fica por último.',
    users: 'Usuários',
    usersPlaceholder: 'Selecione os usuários...',
    usersNone: 'Nenhum usuário encontrado',
    usersError: 'Não foi possível carregar os usuários',
    loadingOptions: 'Carregando...',
    clear: 'Limpar',
    rotation: 'Rodízio de atendentes',
    rotationInterval: 'Intervalo do rodízio',
    rotationOff: 'Desativado',
    minutes: '{{count}} minutos',
    closeTicket: 'Encerrar o atendimento ao escolher esta fila',
    greeting: 'Mensagem de saudação',
    greetingHint: 'Obrigatória quando a empresa tem mais de uma fila.',
    outOfHours: 'Mensagem fora do expediente',
    outOfHoursHint: 'Enviada quando o contato escreve fora do horário de atendimento.',
    created: 'Fila criada com sucesso.',
    saved: 'Fila salva com sucesso.',
  },
  denied: {
    title: 'Acesso restrito',
    message: 'Somente administradores gerenciam as filas.',
  },
  remove: {
    done: 'Fila excluída com sucesso.',
  },
  validation: {
    order: 'Informe um número inteiro.',
    rotation: 'Escolha o intervalo do rodízio.',
  },
};

export type QueuesLocale = Shape<typeof pt>;
