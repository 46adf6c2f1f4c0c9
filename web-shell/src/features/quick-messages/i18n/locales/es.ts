import type { QuickMessagesLocale } from './pt.js';

export const es: QuickMessagesLocale = {
  title: 'Respuestas rápidas',
  search: 'Buscar...',
  searchLabel: 'Buscar respuestas rápidas',
  actions: {
    add: 'Agregar',
    edit: 'Editar',
    delete: 'Eliminar',
    cancel: 'Cancelar',
    save: 'Guardar',
  },
  table: {
    label: 'Lista de respuestas rápidas',
    shortcode: 'Atajo',
    type: 'Tipo',
    media: 'Nombre del archivo',
    actions: 'Acciones',
    geral: 'General',
    rowActions: 'Acciones del atajo {{name}}',
  },
  types: {
    text: 'Texto',
    media: 'Archivo',
    category: 'Categoría',
  },
  list: {
    loading: 'Cargando respuestas rápidas...',
    loadingMore: 'Cargando más respuestas rápidas...',
    error: 'No se pudieron cargar las respuestas rápidas.',
    empty: 'Aún no hay respuestas rápidas',
    emptyHint: 'Cree atajos para usar con "/" en la conversación.',
    emptyFiltered: 'Ninguna respuesta rápida coincide con la búsqueda',
  },
  dialog: {
    newTitle: 'Agregar respuesta rápida',
    editTitle: 'Editar respuesta rápida',
    shortcode: 'Atajo',
    shortcodeHint: 'Escriba "/" y el atajo en la conversación para usar esta respuesta.',
    message: 'Mensaje',
    messageHint: 'Variables disponibles:',
    media: 'Adjunto',
    noMedia: 'Ningún archivo adjunto',
    chooseMedia: 'Elegir',
    removeMedia: 'Quitar adjunto',
    geral: 'General (visible para todos los usuarios)',
    saved: 'Respuesta rápida guardada correctamente.',
  },
  remove: {
    title: '¿Eliminar el atajo /{{name}}?',
    message: '¿Realmente desea eliminar esta respuesta rápida? Esta acción no se puede deshacer.',
    done: 'Respuesta rápida eliminada correctamente.',
  },
  validation: {
    required: 'Obligatorio',
    tooLong: 'Texto muy largo',
  },
};
