import type { WalletsLocale } from './pt.js';

export const es: WalletsLocale = {
  title: 'Carteras',
  loading: 'Cargando las carteras...',
  error: 'No se pudieron cargar las carteras.',
  empty: 'Ningún contacto está en una cartera',
  emptyHint: 'Un administrador elige el agente responsable en el contacto, en masa en la lista de contactos o en la planilla (columna Cartera).',
  owners: 'Agentes con cartera',
  agent: 'Agente',
  email: 'Correo',
  contacts: 'Contactos',
  show: 'Ver los contactos de {{name}}',
  contactsOf: 'Contactos de {{name}}',
  contactsLoading: 'Cargando los contactos...',
  contactsError: 'No se pudieron cargar los contactos.',
  contactsEmpty: 'Ningún contacto en esta cartera.',
  name: 'Nombre',
  number: 'Número',
  birthday: 'Cumpleaños',
  more: 'Cargar más',
  pick: 'Elija un agente para ver los contactos de su cartera.',
};
