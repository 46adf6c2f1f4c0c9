import type { BaileysEventMap } from '@whiskeysockets/baileys';
import { chatPeer, type InboundContext } from './inbound.js';
import type { WhatsappSocket } from './socket.js';

/**
 * An incoming call becomes a call_log message in the caller's ticket. With the company setting
 * acceptCallWhatsapp disabled the call is rejected as well.
 */
export async function onCalls(
  ctx: InboundContext,
  sock: WhatsappSocket,
  calls: BaileysEventMap['call'],
  acceptCalls: () => Promise<boolean>,
): Promise<void> {
  for (const call of calls) {
    // One record per call: the offer. Ringing/terminate updates of the same call add nothing.
    if (call.status !== 'offer' || call.isGroup) continue;
    const accepted = await acceptCalls();
    if (!accepted) await sock.rejectCall(call.id, call.from).catch((err: unknown) => ctx.io.log.warn({ err }, 'whatsapp call not rejected'));
    const peer = await chatPeer(ctx, call.from, call.callerPn, undefined);
    const at = call.date instanceof Date ? call.date : new Date(call.date);
    const hh = String(at.getHours()).padStart(2, '0');
    const mm = String(at.getMinutes()).padStart(2, '0');
    await ctx.io.inbound({
      wid: `call-${call.id}`,
      fromMe: false,
      timestamp: at,
      peer,
      body: `Chamada de ${call.isVideo ? 'vídeo' : 'voz'} ${accepted ? 'recebida' : 'perdida'} às ${hh}:${mm}`,
      mediaType: 'call_log',
      data: { callId: call.id, isVideo: Boolean(call.isVideo), rejected: !accepted, at: at.toISOString() },
    });
  }
}
