import type { Shape } from '../../../../locales/shape.js';

/** Portuguese (default and fallback) strings of the tags page. */
export const pt = {
  title: 'Tags',
  search: 'Pesquisar...',
  searchLabel: 'Pesquisar tags',
  actions: {
    add: 'Adicionar tag',
    edit: 'Editar',
    delete: 'Excluir',
    cancel: 'Cancelar',
    save: 'Salvar',
  },
  table: {
    label: 'Lista de tags',
    name: 'Nome',
    contacts: 'Contatos',
    actions: 'Ações',
    kanban: 'Kanban',
    rowActions: 'Ações da tag {{name}}',
  },
  list: {
    loading: 'Carregando tags...',
    loadingMore: 'Carregando mais tags...',
    error: 'Não foi possível carregar as tags.',
    empty: 'Nenhuma tag ainda',
    emptyHint: 'Crie tags para organizar contatos e atendimentos.',
    emptyFiltered: 'Nenhuma tag corresponde à pesquisa',
  },
  dialog: {
    newTitle: 'Adicionar tag',
    editTitle: 'Editar tag',
    name: 'Nome',
    color: 'Cor',
    palette: 'Cores sugeridas',
    customColor: 'Escolher outra cor',
    preview: 'Pré-visualização',
    previewName: 'Nome da tag',
    kanban: 'Usar como coluna do Kanban',
    saved: 'Tag salva com sucesso.',
  },
  remove: {
    title: 'Excluir a tag {{name}}?',
    message: 'A tag será removida de todos os contatos e atendimentos. Deseja realmente excluí-la?',
    done: 'Tag excluída com sucesso.',
  },
  validation: {
    required: 'Obrigatório',
    tooShort: 'Mensagem muito curta',
    tooLong: 'Mensagem muito longa',
    color: 'Informe uma cor no formato #RRGGBB.',
  },
};

export type TagsLocale = Shape<typeof pt>;
