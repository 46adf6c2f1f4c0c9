import type { WebchatLocale } from './pt.js';

export const en: WebchatLocale = {
  title: 'Website',
  saveFirst: 'Save the connection to get the website chat code.',
  loading: 'Loading…',
  snippet: 'Code to paste into the website (before </body>)',
  copy: 'Copy',
  copied: 'Copied!',
  preview: 'Open preview',
  widgetTitle: 'Chat title',
  widgetTitleHint: "Empty: the connection's name.",
  color: 'Colour',
  position: 'Position',
  positions: { right: 'Right', left: 'Left' },
  lang: 'Language',
  langs: { auto: "The visitor's browser language", pt: 'Português', en: 'English', es: 'Español', tr: 'Türkçe' },
  origins: 'Allowed websites',
  originsHint: 'One per line, such as https://www.example.com. Empty: any website may use the chat.',
  save: 'Save website',
  saved: 'Website settings saved.',
};
