import type { Shape } from '../../../../locales/shape.js';

/** Strings of the API token section of the connection dialog (admins only). */
export const pt = {
  title: 'Token da API',
  help: 'Use este token em "Authorization: Bearer <token>" para enviar mensagens por esta conexão pela API de mensagens. Não o publique.',
  reveal: 'Mostrar',
  hide: 'Ocultar',
  copy: 'Copiar',
  copied: 'Token copiado.',
  regenerate: 'Gerar novo token',
  regenerateTitle: 'Gerar novo token da API',
  regenerateMessage: 'O token atual deixa de funcionar imediatamente: os sistemas que o usam precisarão do novo token. Continuar?',
  regenerated: 'Novo token gerado. O anterior não funciona mais.',
};

export type ApiTokenLocale = Shape<typeof pt>;
