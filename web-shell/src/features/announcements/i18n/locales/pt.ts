import type { Shape } from '../../../../locales/shape.js';

/** Portuguese (default and fallback) strings of the announcements page, dialog and popover. */
export const pt = {
  title: "Informativos",
  search: "Pesquisar...",
  searchLabel: "Pesquisar informativos",
  actions: {
    add: "Adicionar informativo",
    edit: "Editar",
    delete: "Excluir",
    cancel: "Cancelar",
    save: "Salvar",
  },
  table: {
    label: "Lista de informativos",
    title: "Título",
    priority: "Prioridade",
    attachment: "Anexo",
    status: "Status",
    actions: "Ações",
    active: "Ativo",
    inactive: "Inativo",
    rowActions: "Ações do informativo {{title}}",
  },
  list: {
    loading: "Carregando informativos...",
    loadingMore: "Carregando mais informativos...",
    error: "Não foi possível carregar a lista de registros",
    empty: "Nenhum informativo ainda",
    emptyHint: "Publique avisos para os usuários de todas as empresas.",
    emptyFiltered: "Nenhum informativo corresponde à pesquisa",
  },
  remove: {
    title: "Exclusão de Registro",
    message: "Deseja realmente excluir esse registro?",
    done: "Operação realizada com sucesso!",
  },
  priority: {
    "1": "Alta",
    "2": "Média",
    "3": "Baixa",
  },
  dialog: {
    newTitle: "Novo informativo",
    editTitle: "Editar informativo",
    title: "Título",
    text: "Texto",
    priority: "Prioridade",
    status: "Ativo",
    attachment: "Imagem",
    attachmentHint: "Opcional: .png, .jpg ou .jpeg.",
    attachmentType: "Envie uma imagem .png, .jpg ou .jpeg.",
    chooseFile: "Nenhum arquivo escolhido",
    browse: "Escolher",
    removeAttachment: "Remover imagem",
    required: "Obrigatorio",
    saved: "Operação realizada com sucesso!",
  },
  popover: {
    title: "Informativos",
    loading: "Carregando informativos...",
    error: "Não foi possível carregar os informativos.",
    empty: "Nenhum informativo",
    new: "Novo",
  },
};

export type AnnouncementsLocale = Shape<typeof pt>;
