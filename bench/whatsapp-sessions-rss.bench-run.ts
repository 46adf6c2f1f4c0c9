// RSS of the process with 10, 50 and 100 fake WhatsApp sessions receiving traffic for a minute.
// The sessions are the real Baileys channel plugin and channels runtime; only the socket is fake
// (plugins/channel-whatsapp/test/fake-socket.ts emits Baileys' own event shapes).
import { randomBytes } from 'node:crypto';
import { it } from 'vitest';
import { createTestKernel, waitFor } from '@guiche/core/testing';
import { createWhatsappChannel } from '../plugins/channel-whatsapp/src/plugin.js';
import { FakeWhatsapp, type FakeSocket } from '../plugins/channel-whatsapp/test/fake-socket.js';
import { text } from '../plugins/channel-whatsapp/test/messages.js';

const SECONDS = Number(process.env.RSS_SECONDS ?? 60);
const MESSAGES_PER_SESSION_PER_SECOND = Number(process.env.RSS_RATE ?? 0.2);
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

async function measure(sessions: number): Promise<string> {
  const wa = new FakeWhatsapp();
  const k = await createTestKernel({ plugins: [createWhatsappChannel({ socketFactory: wa.factory, download: wa.download })] });
  try {
    const { company, admin } = await k.createCompany();
    await k.db('plans').where({ id: (await k.db('companies').where({ id: company.id }).first('planId')).planId }).update({ connections: 0 });
    global.gc?.();
    const before = process.memoryUsage().rss;
    const sockets = new Map<number, FakeSocket>();
    for (let i = 0; i < sessions; i++) {
      const res = await k.api('POST', '/whatsapp', { token: admin.token, body: { name: `Sessão ${i}`, channel: 'whatsapp' } });
      if (res.status !== 200 && res.status !== 201) throw new Error(`connection ${i}: ${res.status} ${JSON.stringify(res.body)}`);
      const socket = await wa.created.take(30000);
      socket.showQr(`2@bench-${i}`);
      socket.emit('creds.update', { me: { id: `55119${String(10000000 + i)}:1@s.whatsapp.net`, name: 'Bench' }, registered: true });
      wa.autoOpen = true;
      socket.close(515);
      const reopened = await wa.created.take(30000);
      sockets.set(res.body.id, reopened);
    }
    await waitFor(async () => Number((await k.db('whatsapps').where({ status: 'CONNECTED' }).count({ n: '*' }).first())!.n) === sessions, { timeout: 60000 });
    const connected = process.memoryUsage().rss;

    const interval = 1000 / (MESSAGES_PER_SESSION_PER_SECOND * sessions);
    const deadline = Date.now() + SECONDS * 1000;
    let sent = 0;
    const all = [...sockets.values()];
    while (Date.now() < deadline) {
      const socket = all[sent % all.length];
      socket.receive(text(`Olá ${sent}`, { remoteJid: `55219${String(10000000 + (sent % 500))}@s.whatsapp.net`, id: `B${randomBytes(8).toString('hex').toUpperCase()}` }));
      sent++;
      await new Promise((r) => setTimeout(r, interval));
    }
    await waitFor(async () => Number((await k.db('messages').count({ n: '*' }).first())!.n) >= sent, { timeout: 120000 }).catch(() => undefined);
    const stored = Number((await k.db('messages').count({ n: '*' }).first())!.n);
    global.gc?.();
    const after = process.memoryUsage().rss;
    return `  ${String(sessions).padStart(3)} sessions: RSS ${mb(before)} MB before, ${mb(connected)} MB connected (+${mb(connected - before)}), ${mb(after)} MB after ${SECONDS}s of traffic (+${mb(after - before)}); ${sent} messages sent, ${stored} stored`;
  } finally {
    await k.close();
  }
}

it('prints the RSS of 10, 50 and 100 fake WhatsApp sessions under traffic', async () => {
  const lines: string[] = [];
  for (const n of [10, 50, 100]) lines.push(await measure(n));
  console.log(`WhatsApp sessions RSS (${MESSAGES_PER_SESSION_PER_SECOND} inbound msg/s per session, ${SECONDS}s each; one process)\n${lines.join('\n')}`);
});
