import type { Shape } from '../../../../locales/shape.js';

/** Portuguese (default and fallback) strings of the helps page and the Settings → Helps tab. */
export const pt = {
  title: 'Ajuda',
  loading: 'Carregando ajudas...',
  loadError: 'Não foi possível carregar a lista de registros',
  empty: 'Nenhum vídeo de ajuda ainda',
  emptyHint: 'Os vídeos cadastrados pela plataforma aparecerão aqui.',
  open: 'Assistir: {{title}}',
  thumbnail: 'Miniatura do vídeo {{title}}',
  settings: {
    title: 'Título',
    video: 'Código do vídeo',
    videoHint: 'O código ou o link do YouTube.',
    description: 'Descrição',
    actions: 'Ações',
    add: 'Adicionar',
    update: 'Atualizar',
    cancel: 'Cancelar',
    edit: 'Editar',
    delete: 'Excluir',
    tableLabel: 'Lista de ajudas',
    rowActions: 'Ações da ajuda {{title}}',
    titleRequired: 'Título é obrigatório',
    videoRequired: 'Código do vídeo é obrigatório',
    done: 'Operação realizada com sucesso!',
    saveError: 'Não foi possível realizar a operação. Verifique se já existe uma ajuda com o mesmo nome ou se os campos foram preenchidos corretamente',
  },
};

export type HelpsLocale = Shape<typeof pt>;
