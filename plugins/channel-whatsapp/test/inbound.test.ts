import { describe, expect, it } from 'vitest';
import { WAMessageStatus, WAMessageStubType } from '@whiskeysockets/baileys';
import { GROUP, LID, PHONE, PHONE_JID, media, text, waMessage } from './messages.js';
import { startSession } from './support.js';

describe('inbound normalisation', () => {
  it('text: conversation and extended text, with the quoted wid, forwarded flag and the sender name', async () => {
    const { io, sock } = await startSession({ open: true });
    const first = text('Olá!');
    const reply = waMessage({ extendedTextMessage: { text: 'Sobre isso', contextInfo: { stanzaId: first.key.id, isForwarded: true, forwardingScore: 2 } } });
    sock.receive([first, reply]);
    await io.until(() => io.inbounds.length === 2);
    expect(io.inbounds[0]).toMatchObject({
      wid: first.key.id,
      fromMe: false,
      body: 'Olá!',
      mediaType: 'chat',
      peer: { id: PHONE, number: PHONE, name: 'Maria Souza' },
      data: { key: { remoteJid: PHONE_JID, fromMe: false } },
    });
    expect(io.inbounds[0]!.timestamp).toBeInstanceOf(Date);
    expect(io.inbounds[1]).toMatchObject({ body: 'Sobre isso', quotedWid: first.key.id, isForwarded: true });
  });

  it('media: image with caption, voice note, video, document (application), sticker downloaded to bytes', async () => {
    const { io, sock, wa } = await startSession({ open: true });
    const image = media('imageMessage', { mimetype: 'image/jpeg', caption: 'foto' });
    const voice = media('audioMessage', { mimetype: 'audio/ogg; codecs=opus', ptt: true, seconds: 4 });
    const video = media('videoMessage', { mimetype: 'video/mp4' });
    const doc = media('documentMessage', { mimetype: 'application/pdf', fileName: 'boleto.pdf' });
    const sticker = media('stickerMessage', { mimetype: 'image/webp' });
    for (const m of [image, voice, video, doc, sticker]) {
      const content = m.message!;
      const inner = (content.imageMessage ?? content.audioMessage ?? content.videoMessage ?? content.documentMessage ?? content.stickerMessage)!;
      wa.media.set(inner.directPath!, Buffer.from(`bytes of ${m.key.id}`));
    }
    sock.receive([image, voice, video, doc, sticker]);
    await io.until(() => io.inbounds.length === 5);
    const [i, a, v, d, s] = io.inbounds;
    expect(i).toMatchObject({ mediaType: 'image', body: 'foto', media: { mimetype: 'image/jpeg' } });
    expect(i!.media!.data.toString()).toBe(`bytes of ${image.key.id}`);
    expect(a).toMatchObject({ mediaType: 'audio', data: { ptt: true, seconds: 4 }, media: { mimetype: 'audio/ogg; codecs=opus' } });
    expect(v).toMatchObject({ mediaType: 'video', media: { mimetype: 'video/mp4' } });
    expect(d).toMatchObject({ mediaType: 'application', body: 'boleto.pdf', media: { mimetype: 'application/pdf', fileName: 'boleto.pdf' } });
    expect(s).toMatchObject({ mediaType: 'sticker', media: { mimetype: 'image/webp' } });
  });

  it('media gone from WhatsApp (410): asks the phone to re-upload, then downloads again', async () => {
    const { io, sock, wa } = await startSession({ open: true });
    const image = media('imageMessage', { mimetype: 'image/png', directPath: '/v/old' });
    wa.media.set('/v/old', 410);
    wa.media.set('/v/old?reuploaded', Buffer.from('fresh'));
    sock.receive(image);
    await io.until(() => io.inbounds.length === 1);
    expect(sock.reuploads).toHaveLength(1);
    expect(wa.downloads).toEqual(['/v/old', '/v/old?reuploaded']);
    expect(io.inbounds[0]!.media!.data.toString()).toBe('fresh');
  });

  it('a download that keeps failing still delivers the message, marked mediaError', async () => {
    const { io, sock, wa } = await startSession({ open: true });
    const doc = media('documentMessage', { mimetype: 'application/zip', fileName: 'x.zip', directPath: '/v/broken' });
    wa.media.set('/v/broken', 500);
    sock.receive(doc);
    await io.until(() => io.inbounds.length === 1);
    expect(io.inbounds[0]).toMatchObject({ mediaType: 'application', body: 'x.zip', data: { mediaError: true } });
    expect(io.inbounds[0]!.media).toBeUndefined();
    expect(sock.reuploads).toHaveLength(0);
  });

  it('a document named like a web page is stored under a name that cannot run', async () => {
    const { io, sock, wa } = await startSession({ open: true });
    const doc = media('documentMessage', { mimetype: 'text/html', fileName: '../evil.html', directPath: '/v/html' });
    wa.media.set('/v/html', Buffer.from('<script>'));
    sock.receive(doc);
    await io.until(() => io.inbounds.length === 1);
    expect(io.inbounds[0]!.media!.fileName).toBe('evil.html.txt');
  });

  it('location and contacts: locationMessage with coordinates, contactMessage with the vCard', async () => {
    const { io, sock } = await startSession({ open: true });
    const vcard = 'BEGIN:VCARD\nVERSION:3.0\nFN:João\nTEL;waid=5511912345678:+55 11 91234-5678\nEND:VCARD';
    sock.receive([
      waMessage({ locationMessage: { degreesLatitude: -23.55, degreesLongitude: -46.63, name: 'Loja', address: 'Av. Paulista' } }),
      waMessage({ contactMessage: { displayName: 'João', vcard } }),
      waMessage({ contactsArrayMessage: { contacts: [{ displayName: 'A', vcard: 'BEGIN:VCARD\nFN:A\nEND:VCARD' }, { displayName: 'B', vcard: 'BEGIN:VCARD\nFN:B\nEND:VCARD' }] } }),
    ]);
    await io.until(() => io.inbounds.length === 3);
    expect(io.inbounds[0]).toMatchObject({ mediaType: 'locationMessage', body: 'Loja — Av. Paulista', data: { latitude: -23.55, longitude: -46.63 } });
    expect((io.inbounds[0]!.data as { url: string }).url).toContain('-23.55%2C-46.63');
    expect(io.inbounds[1]).toMatchObject({ mediaType: 'contactMessage', body: 'João', data: { vcard } });
    expect(io.inbounds[2]).toMatchObject({ mediaType: 'contactMessage', body: 'A, B' });
  });

  it('view-once and ephemeral wrappers are unwrapped; protocol messages, broadcasts and newsletters are not messages', async () => {
    const { io, sock } = await startSession({ open: true });
    sock.receive([
      waMessage({ ephemeralMessage: { message: { extendedTextMessage: { text: 'efêmera' } } } }),
      waMessage({ protocolMessage: { type: 0, key: { id: 'X' } } }),
      text('status', { remoteJid: 'status@broadcast', participant: PHONE_JID }),
      text('news', { remoteJid: '1203630000@newsletter' }),
      text('last'),
    ]);
    await io.until(() => io.inbounds.length === 2);
    expect(io.inbounds.map((m) => m.body)).toEqual(['efêmera', 'last']);
  });

  it('groups: the group is the peer (with its subject), the author is the participant', async () => {
    const { io, sock } = await startSession({ open: true });
    sock.groups.set(GROUP, { id: GROUP, subject: 'Equipe', owner: undefined, participants: [{ id: LID, phoneNumber: PHONE_JID }] });
    sock.receive(text('oi grupo', { remoteJid: GROUP, participant: LID }));
    await io.until(() => io.inbounds.length === 1);
    expect(io.inbounds[0]).toMatchObject({
      peer: { id: GROUP, isGroup: true, name: 'Equipe' },
      participant: { id: PHONE, number: PHONE, lid: LID, name: 'Maria Souza' },
      data: { key: { participant: LID } },
    });
    // Cached: a second message does not ask for the metadata again.
    sock.receive(text('de novo', { remoteJid: GROUP, participant: LID }));
    await io.until(() => io.inbounds.length === 2);
    expect(sock.groupQueries).toEqual([GROUP]);
  });

  it('messages sent from the phone arrive fromMe (without the company name as the peer name); our own sends are not echoed', async () => {
    const { io, sock, session } = await startSession({ open: true });
    sock.receive(text('do celular', { fromMe: true }, { status: WAMessageStatus.SERVER_ACK, pushName: 'Company' }), 'append');
    await io.until(() => io.inbounds.length === 1);
    expect(io.inbounds[0]).toMatchObject({ fromMe: true, body: 'do celular', data: { ack: 1 } });
    expect(io.inbounds[0]!.peer.name).toBeUndefined();
    await session.send({ messageId: 1, to: { id: PHONE, number: PHONE }, body: 'do agente' });
    await new Promise((r) => setTimeout(r, 30));
    sock.receive(text('depois'));
    await io.until(() => io.inbounds.length === 2);
    expect(io.inbounds.map((m) => m.body)).toEqual(['do celular', 'depois']);
  });

  it('edits and revokes (messages.update) → edited / deleted', async () => {
    const { io, sock } = await startSession({ open: true });
    sock.emit('messages.update', [
      { key: { remoteJid: PHONE_JID, id: 'M1', fromMe: false }, update: { message: { editedMessage: { message: { conversation: 'corrigido' } } } } },
      { key: { remoteJid: PHONE_JID, id: 'M2', fromMe: false }, update: { message: null, messageStubType: WAMessageStubType.REVOKE } },
    ]);
    await io.until(() => io.deletes.length === 1);
    expect(io.edits).toEqual([['M1', 'corrigido']]);
    expect(io.deletes).toEqual(['M2']);
  });

  it('acks: status updates and receipts map to 1 sent, 2 delivered, 3 read, 4 played; errors and pending report nothing', async () => {
    const { io, sock } = await startSession({ open: true });
    const key = (id: string) => ({ remoteJid: PHONE_JID, id, fromMe: true });
    sock.emit('messages.update', [
      { key: key('E'), update: { status: WAMessageStatus.ERROR } },
      { key: key('P'), update: { status: WAMessageStatus.PENDING } },
      { key: key('S'), update: { status: WAMessageStatus.SERVER_ACK } },
      { key: key('D'), update: { status: WAMessageStatus.DELIVERY_ACK } },
      { key: key('R'), update: { status: WAMessageStatus.READ } },
      { key: key('L'), update: { status: WAMessageStatus.PLAYED } },
    ]);
    sock.emit('message-receipt.update', [
      { key: { ...key('G1'), remoteJid: GROUP }, receipt: { userJid: PHONE_JID, receiptTimestamp: 1 } },
      { key: { ...key('G2'), remoteJid: GROUP }, receipt: { userJid: PHONE_JID, readTimestamp: 2 } },
      { key: { ...key('G3'), remoteJid: GROUP }, receipt: { userJid: PHONE_JID, playedTimestamp: 3 } },
    ]);
    await io.until(() => io.acks.length === 7);
    expect(io.acks).toEqual([['S', 1], ['D', 2], ['R', 3], ['L', 4], ['G1', 2], ['G2', 3], ['G3', 4]]);
  });

  it('reactions (messages.reaction) → reactionMessage with target and emoji; removal is an empty emoji', async () => {
    const { io, sock } = await startSession({ open: true });
    const target = { remoteJid: PHONE_JID, id: 'TARGET', fromMe: true };
    sock.emit('messages.reaction', [{ key: target, reaction: { key: { remoteJid: PHONE_JID, id: 'R1', fromMe: false }, text: '👍', senderTimestampMs: Date.now() } }]);
    sock.emit('messages.reaction', [{ key: target, reaction: { key: { remoteJid: PHONE_JID, id: 'R2', fromMe: false }, text: '' } }]);
    await io.until(() => io.inbounds.length === 2);
    expect(io.inbounds[0]).toMatchObject({ wid: 'R1', mediaType: 'reactionMessage', body: '👍', reaction: { targetWid: 'TARGET', emoji: '👍' }, peer: { id: PHONE } });
    expect(io.inbounds[1]).toMatchObject({ wid: 'R2', reaction: { targetWid: 'TARGET', emoji: '' } });
  });

  it('presence: composing and recording of the person', async () => {
    const { io, sock } = await startSession({ open: true });
    sock.emit('presence.update', { id: PHONE_JID, presences: { [PHONE_JID]: { lastKnownPresence: 'composing' } } });
    sock.emit('presence.update', { id: PHONE_JID, presences: { [PHONE_JID]: { lastKnownPresence: 'recording' } } });
    sock.emit('presence.update', { id: PHONE_JID, presences: { [PHONE_JID]: { lastKnownPresence: 'unavailable' } } });
    await io.until(() => io.presences.length === 3);
    expect(io.presences).toEqual([[PHONE, 'composing'], [PHONE, 'recording'], [PHONE, 'paused']]);
  });

  it('calls become call_log messages; with acceptCallWhatsapp disabled the call is rejected too', async () => {
    const { io, sock, settings } = await startSession({ open: true });
    sock.emit('call', [{ chatId: PHONE_JID, from: PHONE_JID, id: 'C1', date: new Date(), status: 'offer', offline: false, isVideo: false }]);
    await io.until(() => io.inbounds.length === 1);
    expect(sock.rejected).toEqual([]);
    expect(io.inbounds[0]).toMatchObject({ wid: 'call-C1', mediaType: 'call_log', data: { rejected: false, isVideo: false } });
    settings.acceptCalls = false;
    sock.emit('call', [
      { chatId: PHONE_JID, from: PHONE_JID, id: 'C2', date: new Date(), status: 'offer', offline: false, isVideo: true },
      { chatId: PHONE_JID, from: PHONE_JID, id: 'C2', date: new Date(), status: 'terminate', offline: false },
    ]);
    await io.until(() => io.inbounds.length === 2);
    expect(sock.rejected).toEqual([{ id: 'C2', from: PHONE_JID }]);
    expect(io.inbounds[1]).toMatchObject({ wid: 'call-C2', data: { rejected: true, isVideo: true } });
    expect(io.inbounds[1]!.body).toMatch(/^Chamada de vídeo perdida às \d\d:\d\d$/);
  });
});
