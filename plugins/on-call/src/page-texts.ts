import { Languages, type Language } from '@guiche/contracts';

/** The texts an on-call phone receives, in the duty user's language (users.language; Portuguese when unset). */

export const pageLanguage = (value: string | null | undefined): Language => ((Languages as readonly string[]).includes(value ?? '') ? (value as Language) : 'pt');

export interface WaitingFacts {
  id: number;
  contactName: string;
  contactNumber: string;
  queueName: string | null;
}

const WAITING: Record<Language, (t: WaitingFacts, minutes: number) => string> = {
  pt: (t, n) => `🔔 Plantão: o ticket #${t.id} de ${t.contactName} (${t.contactNumber}) aguarda atendimento${t.queueName ? ` na fila ${t.queueName}` : ''} há ${n} min.`,
  en: (t, n) => `🔔 On call: ticket #${t.id} from ${t.contactName} (${t.contactNumber}) has been waiting${t.queueName ? ` in queue ${t.queueName}` : ''} for ${n} min.`,
  es: (t, n) => `🔔 Guardia: el ticket #${t.id} de ${t.contactName} (${t.contactNumber}) espera atención${t.queueName ? ` en la cola ${t.queueName}` : ''} hace ${n} min.`,
  tr: (t, n) => `🔔 Nöbet: ${t.contactName} (${t.contactNumber}) kişisinin #${t.id} numaralı talebi${t.queueName ? ` ${t.queueName} kuyruğunda` : ''} ${n} dakikadır bekliyor.`,
};

export const waitingText = (ticket: WaitingFacts, minutes: number, language: Language = 'pt') => WAITING[language](ticket, minutes);

export interface ConnectionFacts {
  name: string;
  minutes: number;
  drops: number;
}

const CONNECTION: Record<Language, (c: ConnectionFacts) => string> = {
  pt: (c) => `⚠️ Plantão: a conexão "${c.name}" está desconectada há ${c.minutes} min. Reconecte-a em Conexões.${c.drops > 1 ? ` Quedas na última hora: ${c.drops}.` : ''}`,
  en: (c) => `⚠️ On call: the connection "${c.name}" has been disconnected for ${c.minutes} min. Reconnect it in Connections.${c.drops > 1 ? ` Drops in the last hour: ${c.drops}.` : ''}`,
  es: (c) => `⚠️ Guardia: la conexión "${c.name}" está desconectada hace ${c.minutes} min. Reconéctela en Conexiones.${c.drops > 1 ? ` Caídas en la última hora: ${c.drops}.` : ''}`,
  tr: (c) => `⚠️ Nöbet: "${c.name}" bağlantısı ${c.minutes} dakikadır kopuk. Bağlantılar sayfasından yeniden bağlayın.${c.drops > 1 ? ` Son bir saatteki kopmalar: ${c.drops}.` : ''}`,
};

export const connectionText = (facts: ConnectionFacts, language: Language = 'pt') => CONNECTION[language](facts);

export type SlaKind = 'firstResponse' | 'resolution';

export const SLA_TARGET: Record<Language, Record<SlaKind, string>> = {
  pt: { firstResponse: 'primeira resposta', resolution: 'resolução' },
  en: { firstResponse: 'first response', resolution: 'resolution' },
  es: { firstResponse: 'primera respuesta', resolution: 'resolución' },
  tr: { firstResponse: 'ilk yanıt', resolution: 'çözüm' },
};

export interface SlaFacts {
  ticketId: number;
  kind: SlaKind;
  contactName: string | null;
  contactNumber: string | null;
  queueName: string | null;
  /** HH:MM in São Paulo. */
  deadline: string;
}

const who = (f: SlaFacts, from: string) => (f.contactName ? ` ${from} ${f.contactName}${f.contactNumber ? ` (${f.contactNumber})` : ''}` : '');

const SLA: Record<Language, (f: SlaFacts) => string> = {
  pt: (f) => `⏰ Plantão: o ticket #${f.ticketId}${who(f, 'de')}${f.queueName ? ` na fila ${f.queueName}` : ''} estourou o SLA de ${SLA_TARGET.pt[f.kind]} (prazo ${f.deadline}).`,
  en: (f) => `⏰ On call: ticket #${f.ticketId}${who(f, 'from')}${f.queueName ? ` in queue ${f.queueName}` : ''} breached its ${SLA_TARGET.en[f.kind]} SLA (due ${f.deadline}).`,
  es: (f) => `⏰ Guardia: el ticket #${f.ticketId}${who(f, 'de')}${f.queueName ? ` en la cola ${f.queueName}` : ''} superó el SLA de ${SLA_TARGET.es[f.kind]} (plazo ${f.deadline}).`,
  tr: (f) => `⏰ Nöbet: #${f.ticketId} numaralı talep${f.contactName ? ` (${f.contactName}${f.contactNumber ? `, ${f.contactNumber}` : ''})` : ''}${f.queueName ? ` ${f.queueName} kuyruğunda` : ''} ${SLA_TARGET.tr[f.kind]} SLA süresini aştı (son ${f.deadline}).`,
};

export const slaText = (facts: SlaFacts, language: Language = 'pt') => SLA[language](facts);
