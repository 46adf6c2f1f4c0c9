import { BACK_KEYWORD, BotTexts, EXIT_KEYWORD } from './texts.js';

/** "*[ 1 ]* - Vendas" lines, numbered from 1 in the given order. */
export function numbered(names: string[]): string {
  return names.map((name, i) => `*[ ${i + 1} ]* - ${name}`).join('\n');
}

function join(...parts: (string | null | undefined)[]): string {
  return parts.filter((p) => p && p.trim()).join('\n\n');
}

/** The queue menu: the greeting, the queues, and how to leave. */
export function queueMenu(greeting: string | null, queues: { name: string }[]): string {
  return join(greeting, `${numbered(queues.map((q) => q.name))}\n*[ ${EXIT_KEYWORD} ]* - ${BotTexts.exit}`);
}

/** A level of options: its message, the options, how to go back and how to leave. */
export function optionsMenu(message: string | null, options: { name: string }[], canGoBack: boolean): string {
  const back = canGoBack ? `\n*[ ${BACK_KEYWORD} ]* - ${BotTexts.back}` : '';
  return join(message, `${numbered(options.map((o) => o.name))}${back}\n*[ ${EXIT_KEYWORD} ]* - ${BotTexts.exit}`);
}

/** The LGPD consent question. */
export function lgpdQuestion(message: string, link: string): string {
  return join(message.trim() || BotTexts.lgpdDefault, link, numbered([BotTexts.lgpdAccept, BotTexts.lgpdRefuse]));
}

/** What an answer is: a menu number, going back, leaving, or anything else. */
export type Answer = { kind: 'number'; value: number } | { kind: 'back' } | { kind: 'exit' } | { kind: 'other' };

export function parseAnswer(body: string | null | undefined): Answer {
  const text = (body ?? '').normalize('NFD').replace(/[\u0300-\u036f]/g, '').trim().toLowerCase();
  if (text === BACK_KEYWORD) return { kind: 'back' };
  if (text === EXIT_KEYWORD) return { kind: 'exit' };
  const match = /^\*?\[?\s*(\d{1,3})\s*\]?\*?[.)]?$/.exec(text);
  return match ? { kind: 'number', value: Number(match[1]) } : { kind: 'other' };
}
