import type { Shape } from '../../../../locales/shape.js';

/** Portuguese (default and fallback) strings of closing reasons. */
export const pt = {
  title: 'Motivos de encerramento',
  search: 'Pesquisar...',
  searchLabel: 'Pesquisar motivos',
  actions: { add: 'Adicionar motivo', edit: 'Editar', delete: 'Excluir', cancel: 'Cancelar', save: 'Salvar' },
  table: {
    label: 'Lista de motivos de encerramento',
    name: 'Nome',
    status: 'Situação',
    tickets: 'Tickets',
    actions: 'Ações',
    active: 'Ativo',
    inactive: 'Inativo',
    rowActions: 'Ações do motivo {{name}}',
  },
  list: {
    loading: 'Carregando motivos...',
    loadingMore: 'Carregando mais motivos...',
    error: 'Não foi possível carregar os motivos.',
    empty: 'Nenhum motivo ainda',
    emptyHint: 'Crie motivos para saber por que os atendimentos terminam.',
    emptyFiltered: 'Nenhum motivo encontrado',
  },
  dialog: {
    newTitle: 'Adicionar motivo',
    editTitle: 'Editar motivo',
    name: 'Nome',
    color: 'Cor',
    palette: 'Cores sugeridas',
    customColor: 'Escolher outra cor',
    preview: 'Pré-visualização',
    previewName: 'Nome do motivo',
    active: 'Ativo (aparece ao resolver um ticket)',
    saved: 'Motivo salvo com sucesso.',
  },
  remove: {
    title: 'Excluir o motivo {{name}}?',
    message: 'Um motivo já usado em tickets não pode ser excluído: desative-o. Deseja realmente excluir?',
    done: 'Motivo excluído com sucesso.',
  },
  picker: {
    label: 'Motivo de encerramento',
    placeholder: 'Selecione um motivo',
    none: 'Sem motivo',
    required: 'Escolha um motivo para resolver.',
    loading: 'Carregando motivos...',
    empty: 'Nenhum motivo ativo. Peça a um administrador para cadastrar.',
  },
  validation: {
    required: 'Obrigatório',
    tooLong: 'Mensagem muito longa',
    color: 'Informe uma cor no formato #RRGGBB.',
  },
};
export type ClosingReasonsLocale = Shape<typeof pt>;
