/** The languages the web speaks (pt default); the export file speaks the one its user reads. */
export const REPORT_LANGS = ['pt', 'en', 'es', 'tr'] as const;
export type ReportLang = (typeof REPORT_LANGS)[number];

interface ReportTexts {
  /** Intl locale of the dates. */
  locale: string;
  columns: Record<'id' | 'connection' | 'contact' | 'user' | 'queue' | 'status' | 'lastMessage' | 'createdAt' | 'closedAt' | 'supportTime' | 'nps' | 'closeReason' | 'slaFirstResponse' | 'slaResolution', string>;
  status: Record<'open' | 'pending' | 'closed' | 'group', string>;
  sla: Record<'met' | 'breached' | 'running', string>;
}

/** The same words as the report screen (web-shell features/reports locales). */
export const REPORT_TEXTS: Record<ReportLang, ReportTexts> = {
  pt: {
    locale: 'pt-BR',
    columns: {
      id: 'ID', connection: 'Conexão', contact: 'Contato', user: 'Usuário', queue: 'Fila', status: 'Status', lastMessage: 'Última mensagem',
      createdAt: 'Data de abertura', closedAt: 'Data de fechamento', supportTime: 'Tempo de atendimento', nps: 'NPS', closeReason: 'Motivo de encerramento',
      slaFirstResponse: 'SLA primeira resposta', slaResolution: 'SLA resolução',
    },
    sla: { met: 'Cumprido', breached: 'Estourado', running: 'Em andamento' },
    status: { open: 'Aberto', pending: 'Pendente', closed: 'Fechado', group: 'Grupo' },
  },
  en: {
    locale: 'en-GB',
    columns: {
      id: 'ID', connection: 'Connection', contact: 'Contact', user: 'User', queue: 'Queue', status: 'Status', lastMessage: 'Last message',
      createdAt: 'Opened at', closedAt: 'Closed at', supportTime: 'Service time', nps: 'NPS', closeReason: 'Closing reason',
      slaFirstResponse: 'First-response SLA', slaResolution: 'Resolution SLA',
    },
    sla: { met: 'Met', breached: 'Breached', running: 'Running' },
    status: { open: 'Open', pending: 'Pending', closed: 'Closed', group: 'Group' },
  },
  es: {
    locale: 'es-ES',
    columns: {
      id: 'ID', connection: 'Conexión', contact: 'Contacto', user: 'Usuario', queue: 'Cola', status: 'Estado', lastMessage: 'Último mensaje',
      createdAt: 'Fecha de apertura', closedAt: 'Fecha de cierre', supportTime: 'Tiempo de atención', nps: 'NPS', closeReason: 'Motivo de cierre',
      slaFirstResponse: 'SLA primera respuesta', slaResolution: 'SLA resolución',
    },
    sla: { met: 'Cumplido', breached: 'Incumplido', running: 'En curso' },
    status: { open: 'Abierto', pending: 'Pendiente', closed: 'Cerrado', group: 'Grupo' },
  },
  tr: {
    locale: 'tr-TR',
    columns: {
      id: 'ID', connection: 'Bağlantı', contact: 'Kişi', user: 'Kullanıcı', queue: 'Kuyruk', status: 'Durum', lastMessage: 'Son mesaj',
      createdAt: 'Açılış tarihi', closedAt: 'Kapanış tarihi', supportTime: 'Hizmet süresi', nps: 'NPS', closeReason: 'Kapanış nedeni',
      slaFirstResponse: 'İlk yanıt SLA', slaResolution: 'Çözüm SLA',
    },
    sla: { met: 'Karşılandı', breached: 'İhlal edildi', running: 'Devam ediyor' },
    status: { open: 'Açık', pending: 'Beklemede', closed: 'Kapalı', group: 'Grup' },
  },
};

/**
 * A message as the conversation shows it: WhatsApp's *bold*, _italic_, ~strike~ and ```mono```
 * markers (the agent signature "*Ana*:" among them) are formatting, not text.
 */
export function plainMessageText(text: string): string {
  return text
    .replace(/```([^`]+)```/g, '$1')
    .replace(/(^|[\s(])\*([^*\n]+)\*(?=$|[\s).,:;!?])/gm, '$1$2')
    .replace(/(^|[\s(])_([^_\n]+)_(?=$|[\s).,:;!?])/gm, '$1$2')
    .replace(/(^|[\s(])~([^~\n]+)~(?=$|[\s).,:;!?])/gm, '$1$2');
}
