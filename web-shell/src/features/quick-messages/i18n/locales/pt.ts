import type { Shape } from '../../../../locales/shape.js';

/** Portuguese (default and fallback) strings of the quick-messages page. */
export const pt = {
  title: 'Respostas rápidas',
  search: 'Pesquisar...',
  searchLabel: 'Pesquisar respostas rápidas',
  actions: {
    add: 'Adicionar',
    edit: 'Editar',
    delete: 'Excluir',
    cancel: 'Cancelar',
    save: 'Salvar',
  },
  table: {
    label: 'Lista de respostas rápidas',
    shortcode: 'Atalho',
    type: 'Tipo',
    media: 'Nome da mídia',
    actions: 'Ações',
    geral: 'Geral',
    rowActions: 'Ações do atalho {{name}}',
  },
  types: {
    text: 'Texto',
    media: 'Mídia',
    category: 'Categoria',
  },
  list: {
    loading: 'Carregando respostas rápidas...',
    loadingMore: 'Carregando mais respostas rápidas...',
    error: 'Não foi possível carregar as respostas rápidas.',
    empty: 'Nenhuma resposta rápida ainda',
    emptyHint: 'Crie atalhos para usar com "/" na conversa.',
    emptyFiltered: 'Nenhuma resposta rápida corresponde à pesquisa',
  },
  dialog: {
    newTitle: 'Adicionar resposta rápida',
    editTitle: 'Editar resposta rápida',
    shortcode: 'Atalho',
    shortcodeHint: 'Digite "/" e o atalho na conversa para usar esta resposta.',
    message: 'Mensagem',
    messageHint: 'Variáveis disponíveis:',
    media: 'Anexo',
    noMedia: 'Nenhum arquivo anexado',
    chooseMedia: 'Escolher',
    removeMedia: 'Remover anexo',
    geral: 'Geral (visível para todos os usuários)',
    saved: 'Resposta rápida salva com sucesso.',
  },
  remove: {
    title: 'Excluir o atalho /{{name}}?',
    message: 'Deseja realmente excluir esta resposta rápida? Esta ação não pode ser desfeita.',
    done: 'Resposta rápida excluída com sucesso.',
  },
  validation: {
    required: 'Obrigatório',
    tooLong: 'Texto muito longo',
  },
};

export type QuickMessagesLocale = Shape<typeof pt>;
