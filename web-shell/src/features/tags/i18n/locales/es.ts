import type { TagsLocale } from './pt.js';

export const es: TagsLocale = {
  title: 'Etiquetas',
  search: 'Buscar...',
  searchLabel: 'Buscar etiquetas',
  actions: {
    add: 'Agregar etiqueta',
    edit: 'Editar',
    delete: 'Eliminar',
    cancel: 'Cancelar',
    save: 'Guardar',
  },
  table: {
    label: 'Lista de etiquetas',
    name: 'Nombre',
    contacts: 'Contactos',
    actions: 'Acciones',
    kanban: 'Kanban',
    rowActions: 'Acciones de la etiqueta {{name}}',
  },
  list: {
    loading: 'Cargando etiquetas...',
    loadingMore: 'Cargando más etiquetas...',
    error: 'No se pudieron cargar las etiquetas.',
    empty: 'Aún no hay etiquetas',
    emptyHint: 'Cree etiquetas para organizar contactos y atenciones.',
    emptyFiltered: 'Ninguna etiqueta coincide con la búsqueda',
  },
  dialog: {
    newTitle: 'Agregar etiqueta',
    editTitle: 'Editar etiqueta',
    name: 'Nombre',
    color: 'Color',
    palette: 'Colores sugeridos',
    customColor: 'Elegir otro color',
    preview: 'Vista previa',
    previewName: 'Nombre de la etiqueta',
    kanban: 'Usar como columna del Kanban',
    saved: 'Etiqueta guardada correctamente.',
  },
  remove: {
    title: '¿Eliminar la etiqueta {{name}}?',
    message: 'La etiqueta se quitará de todos los contactos y atenciones. ¿Realmente desea eliminarla?',
    done: 'Etiqueta eliminada correctamente.',
  },
  validation: {
    required: 'Obligatorio',
    tooShort: 'Mensaje muy corto',
    tooLong: 'Mensaje muy largo',
    color: 'Indique un color en el formato #RRGGBB.',
  },
};
