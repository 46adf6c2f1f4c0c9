import type { TestCompany, TestKernel } from '@guiche/core/testing';
import type { CloudConnection } from './cloud-connection.js';
import type { FakeGraph, FakeTemplate } from './fake-graph.js';

/**
 * An approved template with a header text variable, one body variable and a URL button whose
 * address ends in a variable (issue #29): what the paths sending templates test their extras with.
 * Sent as Meta expects it: header {{1}}, body {{1}}, button index "1" (the second button).
 */
export const SHIPPED_TEMPLATE: FakeTemplate = {
  name: 'order_shipped',
  language: 'pt_BR',
  status: 'APPROVED',
  category: 'UTILITY',
  components: [
    { type: 'HEADER', format: 'TEXT', text: 'Pedido {{1}}' },
    { type: 'BODY', text: 'Olá {{1}}, seu pedido saiu.' },
    { type: 'BUTTONS', buttons: [{ type: 'QUICK_REPLY', text: 'Ok' }, { type: 'URL', text: 'Rastrear', url: 'https://loja.example/rastreio/{{1}}' }] },
  ],
};

/** Adds SHIPPED_TEMPLATE to the connection's account on the fake and syncs it through the real route. */
export async function addShippedTemplate(k: TestKernel, fake: FakeGraph, company: TestCompany, connection: CloudConnection): Promise<void> {
  const list = fake.templates.get(connection.number.wabaId) ?? [];
  if (!list.some((t) => t.name === SHIPPED_TEMPLATE.name)) list.push(SHIPPED_TEMPLATE);
  fake.templates.set(connection.number.wabaId, list);
  const synced = await k.api('POST', `/whatsappapi/${connection.id}/templates/sync`, { token: company.admin.token });
  if (synced.status !== 200) throw new Error(`templates not synced: ${synced.status} ${JSON.stringify(synced.body)}`);
}
