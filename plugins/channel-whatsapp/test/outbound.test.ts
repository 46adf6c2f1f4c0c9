import { describe, expect, it } from 'vitest';
import { proto, toNumber } from '@whiskeysockets/baileys';
import { GROUP, PHONE, PHONE_JID } from './messages.js';
import { startSession } from './support.js';

/** What a JSONB column gives back. */
const throughJson = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;
const plain = (message: proto.IMessage | undefined) => (message ? proto.Message.toObject(proto.Message.fromObject(message)) : message);

const to = { id: PHONE, number: PHONE };

describe('outbound', () => {
  it('text: sent to the accepted jid with our own message id, answered with { wid, ack: 1, data: { message } }', async () => {
    const { session, sock } = await startSession({ open: true });
    sock.registered.set(PHONE, PHONE_JID);
    const result = await session.send({ messageId: 10, to, body: 'Olá' });
    expect(sock.sent[0]).toMatchObject({ jid: PHONE_JID, content: { text: 'Olá' } });
    expect(result).toEqual({ wid: sock.sent[0]!.options!.messageId, ack: 1, data: { message: { extendedTextMessage: { text: 'Olá' } } } });
  });

  it('a row sent again (a new session after a crash) carries the same message id, and the phone shows it once', async () => {
    const first = await startSession({ open: true });
    const a = await first.session.send({ messageId: 7, wireKey: '7@1764250000000', to, body: 'uma vez' });
    const second = await startSession({ open: true, wa: first.wa });
    const b = await second.session.send({ messageId: 7, wireKey: '7@1764250000000', to, body: 'uma vez' });
    expect(b.wid).toBe(a.wid);
    expect(a.wid).toMatch(/^3EB0[0-9A-F]{18}$/);
    expect(first.wa.sockets.flatMap((s) => s.sent)).toHaveLength(2);
    expect([...first.wa.phone.values()].map((m) => m.content)).toEqual([{ text: 'uma vez' }]);
    // Another row (same id, another database's creation time) is another message.
    const c = await second.session.send({ messageId: 7, wireKey: '7@1764259999999', to, body: 'outra' });
    expect(c.wid).not.toBe(a.wid);
    expect(first.wa.phone.size).toBe(2);
  });

  it('refuses to send before the socket opened (the runtime retries later)', async () => {
    const { session } = await startSession();
    await expect(session.send({ messageId: 1, to, body: 'x' })).rejects.toThrow('ERR_WAPP_NOT_INITIALIZED');
  });

  it('a reply quotes the stored message with its key (inbound keeps its own; ours are fromMe)', async () => {
    const { session, sock, io } = await startSession({ open: true });
    io.messages.set('IN1', { body: 'pergunta', mediaType: 'chat', data: { key: { remoteJid: PHONE_JID, fromMe: false } } });
    await session.send({ messageId: 11, to, body: 'resposta', quotedWid: 'IN1' });
    expect(sock.sent[0]!.options!.quoted).toEqual({ key: { remoteJid: PHONE_JID, id: 'IN1', fromMe: false }, message: { conversation: 'pergunta' } });
    io.messages.set('OUT1', { body: 'minha', mediaType: 'chat', data: null });
    await session.send({ messageId: 12, to, body: 'de novo', quotedWid: 'OUT1' });
    expect(sock.sent[1]!.options!.quoted!.key).toMatchObject({ id: 'OUT1', fromMe: true });
  });

  it('forwarded text carries the forwarded context', async () => {
    const { session, sock } = await startSession({ open: true });
    await session.send({ messageId: 1, to, body: 'fwd', isForwarded: true });
    expect(sock.sent[0]!.content).toEqual({ text: 'fwd', contextInfo: { isForwarded: true, forwardingScore: 1 } });
  });

  it('media by MIME type: image, video, document; voice notes as ptt (ogg → opus, mp3 → audio/mpeg)', async () => {
    const { session, sock, files } = await startSession({ open: true });
    for (const name of ['a.jpg', 'b.mp4', 'c.pdf', 'd.ogg', 'e.mp3', 'f.m4a']) files.set(`3/messages/${name}`, Buffer.from(name));
    const send = (fileName: string, mimetype: string, body = '', asVoiceNote?: boolean) =>
      session.send({ messageId: 1, to, body, media: { path: `3/messages/${fileName}`, mimetype, fileName, ...(asVoiceNote ? { asVoiceNote } : {}) } });
    await send('a.jpg', 'image/jpeg', 'legenda');
    await send('b.mp4', 'video/mp4');
    await send('c.pdf', 'application/pdf', 'c.pdf');
    await send('d.ogg', 'audio/ogg', '', true);
    await send('e.mp3', 'audio/mpeg', '', true);
    await send('f.m4a', 'audio/mp4');
    const [image, video, doc, ogg, mp3, m4a] = sock.sent.map((s) => s.content as Record<string, unknown>);
    expect(image).toEqual({ image: Buffer.from('a.jpg'), mimetype: 'image/jpeg', caption: 'legenda' });
    expect(video).toEqual({ video: Buffer.from('b.mp4'), mimetype: 'video/mp4' });
    // The body equal to the file name is not repeated as a caption.
    expect(doc).toEqual({ document: Buffer.from('c.pdf'), mimetype: 'application/pdf', fileName: 'c.pdf' });
    expect(ogg).toEqual({ audio: Buffer.from('d.ogg'), mimetype: 'audio/ogg; codecs=opus', ptt: true });
    expect(mp3).toEqual({ audio: Buffer.from('e.mp3'), mimetype: 'audio/mpeg', ptt: true });
    expect(m4a).toEqual({ audio: Buffer.from('f.m4a'), mimetype: 'audio/mp4', ptt: false });
  });

  it('vCards (as text or as a file) and locations', async () => {
    const { session, sock, files } = await startSession({ open: true });
    const vcard = 'BEGIN:VCARD\nVERSION:3.0\nFN:João Silva\nEND:VCARD';
    await session.send({ messageId: 1, to, body: vcard });
    files.set('3/c.vcf', Buffer.from(vcard));
    await session.send({ messageId: 2, to, body: '', media: { path: '3/c.vcf', mimetype: 'text/vcard', fileName: 'c.vcf' } });
    await session.send({ messageId: 3, to, body: '', location: { latitude: -23.5, longitude: -46.6, name: 'Loja' } } as never);
    expect(sock.sent[0]!.content).toEqual({ contacts: { displayName: 'João Silva', contacts: [{ displayName: 'João Silva', vcard }] } });
    expect(sock.sent[1]!.content).toEqual(sock.sent[0]!.content);
    expect(sock.sent[2]!.content).toEqual({ location: { degreesLatitude: -23.5, degreesLongitude: -46.6, name: 'Loja' } });
  });

  it('groups are addressed at their jid', async () => {
    const { session, sock } = await startSession({ open: true });
    await session.send({ messageId: 1, to: { id: GROUP, isGroup: true }, body: 'oi' });
    expect(sock.sent[0]!.jid).toBe(GROUP);
  });

  it('edit, delete, react and markRead build the keys of the stored messages', async () => {
    const { session, sock, io } = await startSession({ open: true });
    sock.registered.set(PHONE, PHONE_JID);
    io.messages.set('IN', { body: 'x', mediaType: 'chat', data: { key: { remoteJid: GROUP, fromMe: false, participant: PHONE_JID } } });
    await session.edit!(to, 'MINE', 'novo texto');
    await session.delete!(to, 'MINE');
    await session.react!({ id: GROUP, isGroup: true }, 'IN', '❤️');
    await session.markRead!(to, ['A', 'B']);
    await session.markRead!({ id: GROUP, isGroup: true }, ['IN']);
    expect(sock.sent[0]).toMatchObject({ jid: PHONE_JID, content: { text: 'novo texto', edit: { remoteJid: PHONE_JID, id: 'MINE', fromMe: true } } });
    expect(sock.sent[1]!.content).toEqual({ delete: { remoteJid: PHONE_JID, id: 'MINE', fromMe: true } });
    expect(sock.sent[2]!.content).toEqual({ react: { text: '❤️', key: { remoteJid: GROUP, id: 'IN', fromMe: false, participant: PHONE_JID } } });
    expect(sock.reads).toEqual([
      [
        { remoteJid: PHONE_JID, id: 'A', fromMe: false },
        { remoteJid: PHONE_JID, id: 'B', fromMe: false },
      ],
      [{ remoteJid: GROUP, id: 'IN', fromMe: false, participant: PHONE_JID }],
    ]);
  });

  it('checkNumber: the number WhatsApp knows, null when it does not exist', async () => {
    const { session, sock } = await startSession({ open: true });
    sock.registered.set('5511987654321', PHONE_JID);
    expect(await session.checkNumber!('+55 11 98765-4321')).toBe(PHONE);
    expect(await session.checkNumber!('5511000000000')).toBeNull();
    expect(await session.checkNumber!('123')).toBeNull();
  });

  it('profile: picture URL from WhatsApp and the name from the address book', async () => {
    const { session, sock, io } = await startSession({ open: true });
    sock.emit('contacts.upsert', [{ id: PHONE_JID, name: 'Maria (agenda)' }]);
    await io.until(() => session.contacts().length === 1);
    expect(await session.profile!(to)).toEqual({ name: 'Maria (agenda)', pictureUrl: `https://pps.whatsapp.net/v/${PHONE}.jpg` });
    expect(session.contacts()).toEqual([{ id: PHONE, number: PHONE, name: 'Maria (agenda)' }]);
  });

  it('chats: the phone\'s one-to-one chats newest first, from chats.upsert, chats.update and the history sync; LID chats by their phone number; no groups', async () => {
    const { session, sock, io } = await startSession({ open: true });
    const other = '5511911112222';
    const third = '5511933334444';
    sock.emit('contacts.upsert', [{ id: `${other}@s.whatsapp.net`, name: 'Bia (agenda)' }]);
    sock.emit('chats.upsert', [
      { id: PHONE_JID, name: 'Maria', conversationTimestamp: 100 },
      { id: GROUP, name: 'Grupo', conversationTimestamp: 300 },
    ]);
    sock.emit('messaging-history.set', {
      chats: [{ id: '123456789012345@lid', pnJid: `${other}@s.whatsapp.net`, conversationTimestamp: 200 }],
      contacts: [],
      messages: [],
      isLatest: true,
    });
    sock.emit('chats.update', [{ id: `${third}@s.whatsapp.net`, conversationTimestamp: 50 }, { id: '999@lid', conversationTimestamp: 400 }]);
    await io.until(() => session.chats().length === 3);
    expect(session.chats()).toEqual([
      { id: other, number: other, name: 'Bia (agenda)' },
      { id: PHONE, number: PHONE, name: 'Maria' },
      { id: third, number: third },
    ]);
  });

  it('getMessage answers retries: what we sent (from memory), else the stored text', async () => {
    const { session, sock, io } = await startSession({ open: true });
    const { wid } = await session.send({ messageId: 1, to, body: 'enviada' });
    expect(plain(await sock.config.getMessage({ remoteJid: PHONE_JID, id: wid, fromMe: true }))).toEqual({ extendedTextMessage: { text: 'enviada' } });
    io.messages.set('OLD', { body: 'antiga', mediaType: 'chat', data: null });
    expect(await sock.config.getMessage({ remoteJid: PHONE_JID, id: 'OLD', fromMe: true })).toEqual({ conversation: 'antiga' });
    expect(await sock.config.getMessage({ remoteJid: PHONE_JID, id: 'NONE', fromMe: true })).toBeUndefined();
  });

  it('send hands back the media message as Baileys encoded it, JSON-safe: after a restart getMessage answers a retry with it', async () => {
    const first = await startSession({ open: true });
    first.files.set('3/messages/a.jpg', Buffer.from('jpeg bytes'));
    const result = await first.session.send({ messageId: 5, to, body: 'legenda', media: { path: '3/messages/a.jpg', mimetype: 'image/jpeg', fileName: 'a.jpg' } });
    const encoded = first.sock.sent[0]!;
    expect(encoded.content).toMatchObject({ image: Buffer.from('jpeg bytes'), caption: 'legenda' });
    // What Baileys answered sendMessage with: the uploaded image's keys and path.
    const original = (await first.sock.config.getMessage({ remoteJid: PHONE_JID, id: result.wid, fromMe: true }))!.imageMessage!;
    expect(original.mediaKey).toHaveLength(32);

    // Stored in messages.data (JSONB), then the process restarts: a new session, nothing in memory.
    const stored = throughJson(result.data);
    expect(typeof (stored as { message: { imageMessage: { mediaKey: unknown } } }).message.imageMessage.mediaKey).toBe('string');
    const second = await startSession({ open: true });
    second.io.messages.set(result.wid, { body: 'legenda', mediaType: 'image', data: stored ?? null });
    const retry = await second.sock.config.getMessage({ remoteJid: PHONE_JID, id: result.wid, fromMe: true });
    expect(retry?.imageMessage).toMatchObject({ caption: 'legenda', mimetype: 'image/jpeg', directPath: original.directPath, url: original.url });
    expect(toNumber(retry!.imageMessage!.fileLength!)).toBe(10);
    expect(Buffer.from(retry!.imageMessage!.mediaKey!).equals(Buffer.from(original.mediaKey!))).toBe(true);
    expect(Buffer.from(retry!.imageMessage!.fileSha256!).equals(Buffer.from(original.fileSha256!))).toBe(true);

    // A reply quoting it after the restart carries the image, not just its caption.
    await second.session.send({ messageId: 6, to, body: 'sobre a foto', quotedWid: result.wid });
    expect(second.sock.sent[0]!.options!.quoted!.message!.imageMessage).toMatchObject({ directPath: original.directPath });
  });
});
