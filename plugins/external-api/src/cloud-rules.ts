import { AppError, type OutboundTemplate, type PluginContext } from '@guiche/core';
import { templateExtrasOf } from '@guiche/contracts';
import { approvedTemplateSend, closedWindowNumbers } from '@guiche/meta-graph';
import type { SendFields } from './input.js';
import type { ApiConnection } from './token-auth.js';

/** What goes out instead of the request's body: an approved template and its text as the customer reads it. */
export interface TemplateSend {
  template: OutboundTemplate;
  body: string;
}

/**
 * The WhatsApp Cloud API's rules, checked before anything is stored: a template only on Cloud API
 * connections (400 ERR_TEMPLATE_NOT_SUPPORTED), approved and stored for the connection (400
 * ERR_TEMPLATE_NOT_FOUND) with as many values as its variables, header and URL buttons (400 ERR_TEMPLATE_VARIABLES with the
 * part; ERR_TEMPLATE_HEADER_MEDIA for the header's file address); free
 * text or files only while the contact's 24-hour window is open (409 ERR_WINDOW_CLOSED: Meta would
 * refuse it, so it is never sent to fail there).
 */
export async function checkCloudRules(ctx: PluginContext, connection: ApiConnection, fields: SendFields): Promise<TemplateSend | null> {
  if (fields.template) {
    if (connection.channel !== 'whatsappapi') throw new AppError('ERR_TEMPLATE_NOT_SUPPORTED', 400, { channel: connection.channel });
    const { template, body } = await approvedTemplateSend(ctx.db, connection.id, { ...fields.template, ...templateExtrasOf(fields.template) });
    return { template, body };
  }
  if (connection.channel === 'whatsappapi') {
    const { closed } = await closedWindowNumbers(ctx.conversations, { companyId: connection.companyId, connectionId: connection.id }, { numbers: [fields.number] });
    if (closed.length) throw new AppError('ERR_WINDOW_CLOSED', 409, { fix: 'template' });
  }
  return null;
}
