import type { Shape } from '../../../../locales/shape.js';

/** Strings of the website chat's "Site" section in the connection dialog. */
export const pt = {
  title: 'Site',
  saveFirst: 'Salve a conexão para obter o código do chat do site.',
  loading: 'Carregando…',
  snippet: 'Código para colar no site (antes de </body>)',
  copy: 'Copiar',
  copied: 'Copiado!',
  preview: 'Abrir prévia',
  widgetTitle: 'Título do chat',
  widgetTitleHint: 'Vazio: o nome da conexão.',
  color: 'Cor',
  position: 'Posição',
  positions: { right: 'Direita', left: 'Esquerda' },
  lang: 'Idioma',
  langs: { auto: 'O do navegador do visitante', pt: 'Português', en: 'English', es: 'Español', tr: 'Türkçe' },
  origins: 'Sites permitidos',
  originsHint: 'Um por linha, como https://www.exemplo.com.br. Vazio: qualquer site pode usar o chat.',
  rotateKey: 'Gerar nova chave do site',
  rotateKeyHint: 'A chave no código é pública. Uma nova chave substitui a atual; a antiga continua funcionando por 24 horas, para dar tempo de atualizar o código no site.',
  rotated: 'Nova chave gerada. Atualize o código no site.',
  save: 'Salvar site',
  saved: 'Configurações do site salvas.',
};

export type WebchatLocale = Shape<typeof pt>;
