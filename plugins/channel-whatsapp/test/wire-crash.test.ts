import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKernel, startChildKernel, startFakeServer, waitFor, type ChildKernel, type FakeServer, type TestCompany, type TestKernel } from '@guiche/core/testing';

/**
 * Exactly once on the wire across a kill -9 (built kernel and plugin: run `npx tsc -b` first). The
 * sending node runs in a child process whose Baileys socket forwards to the fake WhatsApp server
 * below; the server takes the first message (the contact's phone has it) and never answers, and the
 * test kills the node right then: the provider accepted, our row still says pending. The node that
 * takes over sends the row again, with the same message id, and the phone still shows it once.
 */

const PLUGIN = pathToFileURL(path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'bridged-whatsapp-plugin.mjs')).href;
const CONTACT = '5511988887777';

let k: TestKernel;
let c: TestCompany;
let whatsapp: FakeServer;
const children: ChildKernel[] = [];
/** The contact's phone: one entry per message id, as WhatsApp dedupes a resent id. */
const phone = new Map<string, { jid: string; text: string }>();
let holdNextSend = true;

beforeAll(async () => {
  k = await createTestKernel({ plugins: [] });
  c = await k.createCompany();
  whatsapp = await startFakeServer();
  whatsapp.route('POST', '/send', (request) => {
    const { jid, id, content } = request.json as { jid: string; id: string; content: { text: string } };
    if (!phone.has(id)) phone.set(id, { jid, text: content.text });
    if (holdNextSend) {
      holdNextSend = false;
      return 'hang';
    }
    return { json: { id } };
  });
});
afterAll(async () => {
  await Promise.all(children.map((child) => child.kill()));
  await whatsapp?.close();
  await k?.close();
});

async function node(name: string): Promise<ChildKernel> {
  const child = await startChildKernel(k, { plugins: [PLUGIN], env: { FAKE_WHATSAPP_URL: whatsapp.url, NODE_NAME: name } });
  children.push(child);
  return child;
}

const sends = () => whatsapp.requests.filter((r) => r.path === '/send');

describe('whatsapp (Baileys): a crash between WhatsApp accepting a message and our commit', () => {
  it('the message is sent again after the restart with the same id, and the contact sees it once', async () => {
    const token = randomBytes(15).toString('hex').toUpperCase();
    const [connection] = await k.db('whatsapps').insert({ companyId: c.company.id, name: 'Linha', channel: 'whatsapp', token, status: 'CONNECTED' }).returning('id');
    const connectionId = Number(connection.id);
    await k.kernel.core.ingest.ingest(connectionId, { wid: `IN${randomBytes(8).toString('hex')}`, fromMe: false, timestamp: new Date(), peer: { id: CONTACT, number: CONTACT, name: 'Cliente' }, body: 'oi', mediaType: 'chat' });
    const ticket = await k.db('tickets').where({ whatsappId: connectionId }).first();

    const doomed = await node('doomed');
    const { id } = await k.kernel.core.channels.sender.send({ companyId: c.company.id, ticketId: ticket.id, userId: null, body: 'uma vez só' });
    await waitFor(() => sends().length > 0 || null, { timeout: 60_000 });
    await doomed.kill('SIGKILL');
    // The phone has it, our row does not know: exactly the window this test is about.
    expect([...phone.values()]).toEqual([{ jid: `${CONTACT}@s.whatsapp.net`, text: 'uma vez só' }]);
    expect(await k.db('messages').where({ id }).first()).toMatchObject({ sendStatus: 'pending', wid: null });

    await node('survivor');
    const sent = await waitFor(async () => {
      const row = await k.db('messages').where({ id }).first();
      return row.sendStatus === 'sent' ? row : null;
    }, { timeout: 120_000, interval: 200 });

    const attempts = sends().map((r) => r.json.id as string);
    expect(attempts).toHaveLength(2);
    expect(attempts[1]).toBe(attempts[0]);
    expect(sent.wid).toBe(attempts[0]);
    expect([...phone.values()]).toEqual([{ jid: `${CONTACT}@s.whatsapp.net`, text: 'uma vez só' }]);
  }, 240_000);
});
