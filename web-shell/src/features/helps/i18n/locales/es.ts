import type { HelpsLocale } from './pt.js';

export const es: HelpsLocale = {
  title: 'Ayuda',
  loading: 'Cargando ayudas...',
  loadError: 'No fue posible cargar la lista de registros',
  empty: 'Aún no hay videos de ayuda',
  emptyHint: 'Los videos que registre la plataforma aparecerán aquí.',
  open: 'Ver: {{title}}',
  thumbnail: 'Miniatura del video {{title}}',
  settings: {
    title: 'Título',
    video: 'Código del video',
    videoHint: 'El código o el enlace de YouTube.',
    description: 'Descripción',
    actions: 'Acciones',
    add: 'Agregar',
    update: 'Actualizar',
    cancel: 'Cancelar',
    edit: 'Editar',
    delete: 'Eliminar',
    tableLabel: 'Lista de ayudas',
    rowActions: 'Acciones de la ayuda {{title}}',
    titleRequired: 'El título es obligatorio',
    videoRequired: 'El código del video es obligatorio',
    done: '¡Operación realizada con éxito!',
    saveError: 'No fue posible realizar la operación. Verifique si ya existe una ayuda con el mismo nombre o si los campos se completaron correctamente',
  },
};
