import type { Shape } from '../../../../locales/shape.js';

/** Portuguese (default and fallback) strings of the file lists page and its dialog. */
export const pt = {
  title: 'Listas de arquivos',
  search: 'Pesquisar...',
  searchLabel: 'Pesquisar listas de arquivos',
  actions: {
    add: 'Adicionar lista',
    edit: 'Editar',
    delete: 'Excluir',
    cancel: 'Cancelar',
    save: 'Salvar',
  },
  table: {
    label: 'Listas de arquivos',
    name: 'Nome',
    files: 'Arquivos',
    actions: 'Ações',
    rowActions: 'Ações da lista {{name}}',
  },
  list: {
    loading: 'Carregando listas de arquivos...',
    loadingMore: 'Carregando mais...',
    error: 'Não foi possível carregar a lista de registros',
    empty: 'Nenhuma lista de arquivos ainda',
    emptyHint: 'Crie listas de arquivos para o chatbot e as filas enviarem aos contatos.',
    emptyFiltered: 'Nenhuma lista encontrada',
    emptyFilteredHint: 'Tente outro termo de pesquisa.',
  },
  dialog: {
    newTitle: 'Adicionar lista de arquivos',
    editTitle: 'Editar lista de arquivos',
    name: 'Nome',
    message: 'Mensagem',
    messageHint: 'Enviada junto com os arquivos.',
    options: 'Arquivos',
    noOptions: 'Nenhum arquivo na lista.',
    optionName: 'Nome do arquivo',
    optionFile: 'Arquivo',
    optionFileOf: 'Arquivo do item {{index}}',
    chooseFile: 'Escolher...',
    noFile: 'Nenhum arquivo escolhido',
    openFile: 'Abrir o arquivo atual',
    addOption: 'Adicionar arquivo',
    removeOption: 'Remover o item {{index}}',
    created: 'Lista de arquivos criada com sucesso.',
    saved: 'Lista de arquivos salva com sucesso.',
  },
  remove: {
    title: 'Excluir a lista {{name}}?',
    message: 'Deseja realmente excluir esse registro? Os arquivos da lista também serão excluídos.',
    done: 'Lista de arquivos excluída com sucesso.',
  },
  denied: {
    title: 'Acesso restrito',
    message: 'Somente administradores gerenciam as listas de arquivos.',
  },
  validation: {
    required: 'Obrigatório',
    nameShort: 'nome muito curto',
    tooLong: 'Texto muito longo',
    optionName: 'Informe o nome do arquivo',
    optionFile: 'Escolha um arquivo',
  },
};

export type FilesLocale = Shape<typeof pt>;
