import type { MetaLocale } from './pt.js';

export const es: MetaLocale = {
  cloud: {
    title: 'WhatsApp Cloud API (Meta)',
    saveFirst: 'Guarde la conexión para completar los datos de Meta.',
    phoneNumberId: 'ID del número de teléfono',
    wabaId: 'ID de la cuenta de WhatsApp Business (WABA)',
    accessToken: 'Token de acceso',
    appSecret: 'Clave secreta de la app',
    verifyToken: 'Token de verificación del webhook',
    secretKept: 'Guardado ({{masked}}). Déjelo en blanco para mantenerlo.',
    webhookUrl: 'URL del webhook (péguela en la app de Meta)',
    copy: 'Copiar',
    copied: '¡Copiado!',
    save: 'Guardar datos de Meta',
    saved: 'Datos de Meta guardados. Verificando el número...',
    lastError: 'Último error: {{error}}',
    templates: {
      title: 'Plantillas de mensaje',
      loading: 'Cargando plantillas…',
      error: 'No se pudieron leer las plantillas de esta conexión.',
      summary_one: '{{count}} plantilla guardada ({{approved}} aprobada).',
      summary_other: '{{count}} plantillas guardadas ({{approved}} aprobadas).',
      syncedAt: 'Leídas de Meta el {{at}}.',
      never: 'Aún no leídas de Meta.',
      sync: 'Sincronizar ahora',
      syncing: 'Sincronizando…',
      synced_one: 'Plantillas sincronizadas: {{count}} ({{approved}} aprobada).',
      synced_other: 'Plantillas sincronizadas: {{count}} ({{approved}} aprobadas).',
    },
  },
  login: {
    starting: 'Abriendo el inicio de sesión de Facebook...',
    cancelled: 'Inicio de sesión de Facebook cancelado.',
    notConfigured: 'La app de Meta no está configurada en este servidor.',
    done: 'Conexiones creadas o actualizadas: {{count}}',
  },
};
