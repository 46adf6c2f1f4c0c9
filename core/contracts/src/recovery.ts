import { z } from 'zod';
import { text } from './primitives.js';
import { V } from './messages.js';
import { onlyDigits } from './validators.js';

/** account-admin.md §4, §9: 6 digits, 10 minutes, 3 wrong tries. */
export const RECOVERY_CODE_LENGTH = 6;
export const RECOVERY_CODE_TTL_MS = 10 * 60_000;
export const RECOVERY_MAX_ATTEMPTS = 3;
/** The proof a verification returns is good for this long, once. */
export const RECOVERY_PROOF_TTL_MS = 10 * 60_000;

/** A WhatsApp number: digits only, with or without the country code. */
export const recoveryNumber = text(40, { error: V.phone11 })
  .transform(onlyDigits)
  .refine((v) => v.length >= 10 && v.length <= 15, V.phone11);

/** POST /enviar-email */
export const recoverySendSchema = z.object({ wpp: recoveryNumber });
/** GET /verificar-code/{wpp}?code= */
export const recoveryVerifyParams = z.object({ wpp: recoveryNumber });
export const recoveryVerifyQuery = z.object({
  code: text(RECOVERY_CODE_LENGTH, { trim: true }).regex(/^\d{6}$/, V.required),
});
/** PUT /atualizar-senha: the proof from verification, never a bare user id. */
export const recoveryResetSchema = z.object({
  proof: text(200).min(20, V.required),
  newPassword: text(100).min(8, V.passwordWeak).regex(/[a-z]/, V.passwordWeak).regex(/[A-Z]/, V.passwordWeak),
});
