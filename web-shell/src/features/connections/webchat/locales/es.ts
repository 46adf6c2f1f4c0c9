import type { WebchatLocale } from './pt.js';

export const es: WebchatLocale = {
  title: 'Sitio',
  saveFirst: 'Guarde la conexión para obtener el código del chat del sitio.',
  loading: 'Cargando…',
  snippet: 'Código para pegar en el sitio (antes de </body>)',
  copy: 'Copiar',
  copied: '¡Copiado!',
  preview: 'Abrir vista previa',
  widgetTitle: 'Título del chat',
  widgetTitleHint: 'Vacío: el nombre de la conexión.',
  color: 'Color',
  position: 'Posición',
  positions: { right: 'Derecha', left: 'Izquierda' },
  lang: 'Idioma',
  langs: { auto: 'El del navegador del visitante', pt: 'Português', en: 'English', es: 'Español', tr: 'Türkçe' },
  origins: 'Sitios permitidos',
  originsHint: 'Uno por línea, como https://www.ejemplo.com. Vacío: cualquier sitio puede usar el chat.',
  save: 'Guardar sitio',
  saved: 'Configuración del sitio guardada.',
};
