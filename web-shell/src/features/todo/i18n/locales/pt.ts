import type { Shape } from '../../../../locales/shape.js';

/** Portuguese (default and fallback) strings of the to-do list. */
export const pt = {
  title: 'Tarefas',
  placeholder: 'Nova tarefa',
  add: 'Adicionar',
  save: 'Salvar',
  cancel: 'Cancelar',
  edit: 'Editar',
  delete: 'Excluir',
  done: 'Concluída',
  empty: 'Nenhuma tarefa. Elas ficam salvas apenas neste navegador.',
  created: 'Criada em {{date}}',
  updated: 'Atualizada em {{date}}',
};
export type TodoLocale = Shape<typeof pt>;
