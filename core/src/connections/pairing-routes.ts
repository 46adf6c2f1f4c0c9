import { pairingCodeInputSchema, type ConnectionStatus, type PairingCodeAnswer, idParams } from '@guiche/contracts';
import { AppError, type Routes } from '../plugin-sdk/types.js';
import type { CoreServices } from '../services.js';
import { CONNECTIONS_TABLE } from './repository.js';


/** A code can be asked for while the session waits to be linked: showing QR codes, or after an earlier code. */
const PAIRABLE: readonly ConnectionStatus[] = ['qrcode', 'PAIRING'];

/**
 * POST /whatsappsession/{id}/pairing-code { number } → { code }: the pairing-code alternative to
 * the QR (issue 5). Registered inside the connection managers' scope, so it is guarded like the
 * other session routes. The running session asks WhatsApp for the code wherever it runs
 * (core.channels.call) and reports PAIRING itself.
 */
export function registerPairingRoutes(managers: Routes, core: CoreServices): void {
  managers.post(
    '/whatsappsession/:id/pairing-code',
    { schema: { params: idParams, body: pairingCodeInputSchema, tags: ['connections'] } },
    async (request): Promise<PairingCodeAnswer> => {
      const { companyId } = request.auth;
      const connection = await core.db(CONNECTIONS_TABLE).where({ id: request.params.id, companyId }).first('id', 'channel', 'status');
      if (!connection) throw new AppError('ERR_NO_WAPP_FOUND', 404);
      if (!core.channels.capabilities(connection.channel)?.pairingCode || !PAIRABLE.includes(connection.status)) {
        throw new AppError('ERR_WAPP_PAIRING_UNAVAILABLE', 400);
      }
      const code = await core.channels.call(connection.id, { method: 'requestPairingCode', args: [request.body.number] }, 'ERR_WAPP_PAIRING_FAILED');
      return { code };
    },
  );
}
