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
    pageSlaBreaches: 'Avisar a la persona de guardia cuando un ticket supere el SLA',
    pageSlaBreachesHelp: 'Además de los tickets en espera, envía una alerta a este teléfono cuando un ticket supera el plazo de primera respuesta o de resolución, dentro del horario de guardia.',
  },
  remove: {
    title: 'Eliminar persona de guardia',
    confirm: '¿Realmente desea eliminar a esta persona de guardia?',
    done: 'Guardia eliminada con éxito',
  },
  weekdays: { monday: 'Lunes', tuesday: 'Martes', wednesday: 'Miércoles', thursday: 'Jueves', friday: 'Viernes', saturday: 'Sábado', sunday: 'Domingo' },
  slaTag: 'SLA',
  lastError: 'Último aviso no enviado: {{reason}}',
  template: {
    explain: 'La conexión de los avisos usa la API oficial de WhatsApp (Cloud API): Meta solo acepta texto libre hasta 24 horas después del último mensaje de la persona de guardia. Fuera de esa ventana el aviso se envía como esta plantilla aprobada.',
    none: 'Elija una plantilla',
    required: 'Elija una plantilla: Meta rechaza el texto libre fuera de la ventana de 24 horas.',
    fields: 'Las variables pueden usar los datos del aviso: {{fields}}',
  },
  range: '{{day}}: {{start}} a {{end}}',
};
