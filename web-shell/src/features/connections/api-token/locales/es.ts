import type { ApiTokenLocale } from './pt.js';

export const es: ApiTokenLocale = {
  title: 'Token de la API',
  help: 'Usa este token en "Authorization: Bearer <token>" para enviar mensajes por esta conexión con la API de mensajes. No lo publiques.',
  reveal: 'Mostrar',
  hide: 'Ocultar',
  copy: 'Copiar',
  copied: 'Token copiado.',
  regenerate: 'Generar un token nuevo',
  regenerateTitle: 'Generar un token nuevo de la API',
  regenerateMessage: 'El token actual deja de funcionar de inmediato: los sistemas que lo usan necesitarán el nuevo. ¿Continuar?',
  regenerated: 'Token nuevo generado. El anterior ya no funciona.',
};
