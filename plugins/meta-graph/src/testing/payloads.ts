import { randomBytes } from 'node:crypto';

/** Webhook payloads in Meta's shapes, for tests. */

export const newWamid = (): string => `wamid.HBgM${randomBytes(14).toString('hex').toUpperCase()}`;
export const newMid = (): string => `m_${randomBytes(18).toString('hex')}`;
const nowSeconds = (): string => String(Math.floor(Date.now() / 1000));

/** WhatsApp Cloud: one change of field "messages" with messages and/or statuses. */
export function whatsappEnvelope(
  account: { wabaId: string; phoneNumberId: string; display?: string },
  value: { contacts?: { wa_id: string; profile: { name: string } }[]; messages?: Record<string, unknown>[]; statuses?: Record<string, unknown>[] },
): Record<string, unknown> {
  return {
    object: 'whatsapp_business_account',
    entry: [
      {
        id: account.wabaId,
        changes: [
          {
            field: 'messages',
            value: { messaging_product: 'whatsapp', metadata: { display_phone_number: account.display ?? '15550001111', phone_number_id: account.phoneNumberId }, ...value },
          },
        ],
      },
    ],
  };
}

/** A contact's message: `content` is the type's own object, e.g. { type: 'text', text: { body } }. */
export function whatsappMessage(
  account: { wabaId: string; phoneNumberId: string },
  from: { waId: string; name: string },
  content: Record<string, unknown>,
  options: { id?: string; context?: { from: string; id: string } } = {},
): { id: string; payload: Record<string, unknown> } {
  const id = options.id ?? newWamid();
  const message = { from: from.waId, id, timestamp: nowSeconds(), ...content, ...(options.context ? { context: options.context } : {}) };
  return { id, payload: whatsappEnvelope(account, { contacts: [{ wa_id: from.waId, profile: { name: from.name } }], messages: [message] }) };
}

export function whatsappStatus(
  account: { wabaId: string; phoneNumberId: string },
  status: {
    id: string;
    status: 'sent' | 'delivered' | 'read' | 'failed';
    recipientId: string;
    errors?: { code: number; title: string; message?: string }[];
    /** What the send carried in biz_opaque_callback_data: Meta echoes it in the message's statuses. */
    bizOpaqueCallbackData?: string;
  },
): Record<string, unknown> {
  return whatsappEnvelope(account, {
    statuses: [
      {
        id: status.id,
        status: status.status,
        timestamp: nowSeconds(),
        recipient_id: status.recipientId,
        ...(status.bizOpaqueCallbackData ? { biz_opaque_callback_data: status.bizOpaqueCallbackData } : {}),
        ...(status.errors ? { errors: status.errors.map((e) => ({ ...e, error_data: { details: e.message ?? e.title } })) } : {}),
      },
    ],
  });
}

/** One change of another WhatsApp Business Account field (phone_number_quality_update, business_capability_update, account_update). */
export function whatsappAccountChange(wabaId: string, field: string, value: Record<string, unknown>): Record<string, unknown> {
  return { object: 'whatsapp_business_account', entry: [{ id: wabaId, time: Math.floor(Date.now() / 1000), changes: [{ value, field }] }] };
}

/**
 * Meta's phone_number_quality_update: the number (by display number) changed tier or was flagged.
 * `current_limit` is what Meta sent until 2026; `max_daily_conversations_per_business` replaces it.
 */
export function whatsappQualityUpdate(
  account: { wabaId: string; display: string },
  change: { event: string; currentLimit?: string; oldLimit?: string; maxDailyPerBusiness?: string },
): Record<string, unknown> {
  return whatsappAccountChange(account.wabaId, 'phone_number_quality_update', {
    display_phone_number: account.display.replace(/\D/g, ''),
    event: change.event,
    ...(change.oldLimit ? { old_limit: change.oldLimit } : {}),
    ...(change.currentLimit ? { current_limit: change.currentLimit } : {}),
    ...(change.maxDailyPerBusiness ? { max_daily_conversations_per_business: change.maxDailyPerBusiness } : {}),
  });
}

/** Messenger (object "page") or Instagram (object "instagram"): one messaging event. */
export function messagingEnvelope(object: 'page' | 'instagram', recipientId: string, event: Record<string, unknown>): Record<string, unknown> {
  return { object, entry: [{ id: recipientId, time: Date.now(), messaging: [{ ...event, recipient: { id: (event.recipient as { id?: string } | undefined)?.id ?? recipientId }, timestamp: Date.now() }] }] };
}

export function messagingMessage(
  object: 'page' | 'instagram',
  pageOrIgId: string,
  senderId: string,
  message: Record<string, unknown>,
  options: { mid?: string; echo?: boolean } = {},
): { mid: string; payload: Record<string, unknown> } {
  const mid = options.mid ?? newMid();
  const sender = options.echo ? pageOrIgId : senderId;
  const recipient = options.echo ? senderId : pageOrIgId;
  const payload = messagingEnvelope(object, pageOrIgId, { sender: { id: sender }, recipient: { id: recipient }, message: { mid, ...message, ...(options.echo ? { is_echo: true } : {}) } });
  return { mid, payload };
}
