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
  },
  login: {
    starting: 'Abriendo el inicio de sesión de Facebook...',
    cancelled: 'Inicio de sesión de Facebook cancelado.',
    notConfigured: 'La app de Meta no está configurada en este servidor.',
    done: 'Conexiones creadas o actualizadas: {{count}}',
  },
};
