// Soak of issue #31: mixed WhatsApp traffic on several fake connections with random disconnects.
// Messages keep reaching the phones while a connection is down; on reconnection the fake delivers
// part of them as offline notifications and a recent-history chunk, the rest only on-demand history
// (the real channel plugin's gap recovery) has. Prints messages sent on the phones vs stored: lost,
// duplicated, and people split into more than one contact. The sessions are the real Baileys
// channel plugin under the real supervisor; only the socket is fake (its events are Baileys' shapes).
import { randomBytes } from 'node:crypto';
import { it } from 'vitest';
import { DisconnectReason, type WAMessage } from '@whiskeysockets/baileys';
import { createTestKernel, waitFor, type TestKernel } from '@guiche/core/testing';
import { createWhatsappChannel } from '../plugins/channel-whatsapp/src/plugin.js';
import { FakeWhatsapp, type FakeSocket } from '../plugins/channel-whatsapp/test/fake-socket.js';
import { text } from '../plugins/channel-whatsapp/test/messages.js';

const SECONDS = Number(process.env.SOAK_SECONDS ?? 60);
const CONNECTIONS = Number(process.env.SOAK_CONNECTIONS ?? 3);
const PEOPLE = Number(process.env.SOAK_PEOPLE ?? 30);
const RATE = Number(process.env.SOAK_RATE ?? 20); // messages per second, all connections
const GROUP = '120363041111111111@g.us';

interface Person {
  phone: string;
  pn: string;
  lid: string;
}

interface Line {
  id: number;
  me: string;
  sock: FakeSocket;
  up: boolean;
  /** Messages that reached the phone while the connection was down. */
  missed: WAMessage[];
  disconnects: number;
}

const random = <T>(items: T[]): T => items[Math.floor(Math.random() * items.length)]!;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function pair(k: TestKernel, wa: FakeWhatsapp, token: string, index: number): Promise<Line> {
  wa.autoOpen = false;
  const res = await k.api('POST', '/whatsapp', { token, body: { name: `Soak ${index}`, channel: 'whatsapp', allowGroup: true } });
  if (res.status !== 201) throw new Error(`connection ${index}: ${res.status} ${JSON.stringify(res.body)}`);
  const first = await wa.created.take(30000);
  first.showQr(`2@soak-${index}`);
  const me = `55119${String(20000000 + index)}:1@s.whatsapp.net`;
  first.emit('creds.update', { me: { id: me, name: 'Soak' }, registered: true });
  wa.autoOpen = true;
  first.close(DisconnectReason.restartRequired);
  const sock = await wa.created.take(30000);
  wa.autoOpen = false;
  await waitFor(async () => ((await k.db('whatsapps').where({ id: res.body.id }).first())?.status === 'CONNECTED' ? true : null), { timeout: 30000 });
  return { id: res.body.id, me, sock, up: true, missed: [], disconnects: 0 };
}

/** Drops the line, lets the phone collect messages, then reconnects the way WhatsApp does. */
async function flap(wa: FakeWhatsapp, line: Line, until: number): Promise<void> {
  while (Date.now() < until) {
    await sleep(3000 + Math.random() * 7000);
    if (Date.now() >= until) return;
    const before = wa.sockets.length;
    line.up = false;
    line.disconnects++;
    line.sock.close(random([DisconnectReason.timedOut, DisconnectReason.connectionLost, DisconnectReason.unavailableService]));
    await sleep(1000 + Math.random() * 4000);
    const next = await waitFor(() => wa.sockets.slice(before).find((s) => s.config.auth.creds.me?.id === line.me) ?? null, { timeout: 120000 });
    next.open({ id: line.me, name: 'Soak' });
    line.sock = next;
    const missed = line.missed;
    line.missed = [];
    line.up = true;
    // Offline notifications: about half of what was missed, in order; the chats' recent chunk; the rest on demand.
    const offline = missed.filter(() => Math.random() < 0.5);
    if (offline.length) next.receive(offline);
    const chats = [...new Set(missed.map((m) => m.key.remoteJid!))];
    if (chats.length) next.recentHistory(chats, 3);
  }
}

it('prints messages sent on the phones vs stored across random disconnects', async () => {
  const wa = new FakeWhatsapp();
  const k = await createTestKernel({
    plugins: [createWhatsappChannel({ socketFactory: wa.factory, download: wa.download, gap: { pageSize: 20, maxFetches: 500, paceMs: 50 } })],
  });
  try {
    const { company, admin } = await k.createCompany();
    await k.db('plans').where({ id: company.planId }).update({ connections: 0 });
    const people: Person[] = Array.from({ length: PEOPLE }, (_, i) => {
      const phone = `55219${String(30000000 + i)}`;
      return { phone, pn: `${phone}@s.whatsapp.net`, lid: `2088${String(i).padStart(11, '0')}@lid` };
    });
    wa.groups.set(GROUP, { id: GROUP, subject: 'Soak', owner: undefined, participants: people.slice(0, 5).map((p) => ({ id: p.lid, phoneNumber: p.pn })) } as never);
    const lines: Line[] = [];
    for (let i = 0; i < CONNECTIONS; i++) lines.push(await pair(k, wa, admin.token, i));

    const until = Date.now() + SECONDS * 1000;
    const flapping = lines.map((line) => flap(wa, line, until));
    const sent: { line: Line; message: WAMessage }[] = [];
    let second = Math.floor(Date.now() / 1000);
    while (Date.now() < until) {
      const line = random(lines);
      const person = random(people);
      const id = `S${randomBytes(8).toString('hex').toUpperCase()}`;
      const kind = Math.random();
      // Distinct, increasing timestamps in seconds per phone are not guaranteed by WhatsApp: several share a second.
      second = Math.max(second, Math.floor(Date.now() / 1000));
      const stamp = { messageTimestamp: second, pushName: `Pessoa ${person.phone.slice(-3)}` };
      let message: WAMessage;
      if (kind < 0.45) message = text(`pn ${sent.length}`, { remoteJid: person.pn, id }, stamp);
      else if (kind < 0.8) message = text(`lid ${sent.length}`, { remoteJid: person.lid, remoteJidAlt: person.pn, id }, stamp);
      else if (kind < 0.9) message = text(`grupo ${sent.length}`, { remoteJid: GROUP, participant: person.lid, participantAlt: person.pn, id }, stamp);
      else message = text(`do celular ${sent.length}`, { remoteJid: person.pn, id, fromMe: true }, { ...stamp, pushName: undefined });
      // Each line is its own phone, with its own chats.
      const chats = wa.lines.get(line.me) ?? new Map<string, WAMessage[]>();
      wa.lines.set(line.me, chats);
      const keyed = { ...message, key: { ...message.key } };
      const chat = keyed.key.remoteJid!;
      chats.set(chat, [...(chats.get(chat) ?? []), keyed]);
      sent.push({ line, message: keyed });
      if (line.up) line.sock.receive(keyed, keyed.key.fromMe ? 'append' : 'notify');
      else line.missed.push(keyed);
      if (process.env.SOAK_TRACE) console.log(`${line.up ? 'live' : 'missed'} ${line.id} ${keyed.key.remoteJid} ${keyed.message?.conversation}`);
      await sleep(1000 / RATE);
    }
    await Promise.all(flapping);

    const wids = new Set(sent.map((s) => s.message.key.id!));
    const storedCount = async () => Number((await k.db('messages').whereIn('wid', [...wids]).count({ n: '*' }).first())!.n);
    // Settled: everything arrived, or nothing more for 10 s.
    let last = -1;
    let stableSince = Date.now();
    while (Date.now() - stableSince < 10000) {
      const now = await storedCount();
      if (now !== last) {
        last = now;
        stableSince = Date.now();
      }
      if (now >= wids.size) break;
      await sleep(500);
    }
    const rows: { wid: string; whatsappId: number; n: string }[] = await k.db('messages').whereIn('wid', [...wids]).groupBy('wid', 'whatsappId').select('wid', 'whatsappId').count({ n: '*' });
    const stored = new Map(rows.map((r) => [r.wid, Number(r.n)]));
    const lost = [...wids].filter((w) => !stored.has(w)).length;
    const duplicated = [...stored.values()].filter((n) => n > 1).length;
    const split = await k.db('contacts').where({ companyId: company.id, isGroup: false }).whereIn('number', people.map((p) => p.phone)).orWhereIn('lid', people.map((p) => p.lid)).select('number', 'lid');
    const splitPeople = people.filter((p) => split.filter((c) => c.number === p.phone || c.lid === p.lid).length > 1).length;
    const disconnects = lines.reduce((sum, l) => sum + l.disconnects, 0);
    const onDemand = wa.sockets.reduce((sum, s) => sum + s.historyRequests.length, 0);
    console.log(
      [
        `WhatsApp soak: ${SECONDS}s, ${CONNECTIONS} connections, ${PEOPLE} people, ${disconnects} disconnects, ${onDemand} on-demand history requests`,
        `  sent on the phones: ${wids.size}`,
        `  stored:             ${stored.size}`,
        `  lost:               ${lost}`,
        `  duplicated:         ${duplicated}`,
        `  people split into more than one contact: ${splitPeople}`,
        ...sent
          .filter((s) => !stored.has(s.message.key.id!))
          .slice(0, 10)
          .map((s) => `  lost: connection ${s.line.id}, chat ${s.message.key.remoteJid}, "${s.message.message?.conversation}" at ${s.message.messageTimestamp}`),
      ].join('\n'),
    );
  } finally {
    await k.close();
  }
});
