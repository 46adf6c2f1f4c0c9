import type { OnCallLocale } from './pt.js';

export const es: OnCallLocale = {
  title: 'Guardia',
  add: 'Agregar persona de guardia',
  empty: 'Nadie de guardia todavía.',
  table: { id: 'ID', user: 'De guardia', phone: 'Teléfono', schedules: 'Horarios', actions: 'Acciones', edit: 'Editar', delete: 'Eliminar' },
  dialog: {
    newTitle: 'Nueva persona de guardia',
    editTitle: 'Editar persona de guardia',
    user: 'Usuario',
    chooseUser: 'Elija el usuario',
    phone: 'Teléfono',
    interval: 'Intervalo entre notificaciones (minutos)',
    days: 'Días y horarios',
    start: 'Inicio',
    end: 'Fin',
    save: 'Guardar',
    cancel: 'Cancelar',
    saved: 'Persona de guardia guardada',
  },
  remove: {
    title: 'Eliminar persona de guardia',
    confirm: '¿Realmente desea eliminar a esta persona de guardia?',
    done: 'Guardia eliminada con éxito',
  },
  weekdays: { monday: 'Lunes', tuesday: 'Martes', wednesday: 'Miércoles', thursday: 'Jueves', friday: 'Viernes', saturday: 'Sábado', sunday: 'Domingo' },
  range: '{{day}}: {{start}} a {{end}}',
};
