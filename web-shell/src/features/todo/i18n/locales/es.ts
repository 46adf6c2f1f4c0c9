import type { TodoLocale } from './pt.js';

export const es: TodoLocale = {
  title: 'Tareas',
  placeholder: 'Nueva tarea',
  add: 'Agregar',
  save: 'Guardar',
  cancel: 'Cancelar',
  edit: 'Editar',
  delete: 'Eliminar',
  done: 'Hecha',
  empty: 'No hay tareas. Se guardan solo en este navegador.',
  created: 'Creada el {{date}}',
  updated: 'Actualizada el {{date}}',
};
