/** Error codes the API answers with ({ error: CODE }); the web translates each one. */
export const ErrorCodes = [
  'ERR_VALIDATION',
  'ERR_INVALID_CREDENTIALS',
  'ERR_SESSION_EXPIRED',
  'ERR_SUBSCRIPTION_EXPIRED',
  'ERR_USER_CREATION_DISABLED',
  'ERR_NO_PERMISSION',
  'ERR_PLAN_DISABLED',
  'ERR_NO_USER_FOUND',
  'ERR_NO_COMPANY_FOUND',
  'ERR_NO_PLAN_FOUND',
  'ERR_NO_SETTING_FOUND',
  'ERR_NO_WAPP_FOUND',
  'ERR_NO_OTHER_WHATSAPP',
  'ERR_NO_DEF_WAPP_FOUND',
  'ERR_WAPP_NOT_INITIALIZED',
  'ERR_DUPLICATED_CONNECTION',
  'ERR_WAPP_CHECK_CONTACT',
  'ERR_WAPP_INVALID_CONTACT',
  'ERR_WAPP_DOWNLOAD_MEDIA',
  'ERR_SENDING_WAPP_MSG',
  'ERR_DELETE_WAPP_MSG',
  'ERR_OTHER_OPEN_TICKET',
  'ERROR_TICKET_OPEN',
  'ERR_DUPLICATED_CONTACT',
  'ERR_DUPLICATED_EMAIL',
  'ERR_DUPLICATED_COMPANY',
  'ERR_NO_CONTACT_FOUND',
  'ERR_NO_TAG_FOUND',
  'ERR_DUPLICATED_TAG',
  'ERR_NO_TICKET_FOUND',
  'ERR_NO_CHAT_FOUND',
  'ERR_NO_QUEUE_FOUND',
  'ERR_CREATING_MESSAGE',
  'ERR_CREATING_TICKET',
  'ERR_FETCH_WAPP_MSG',
  'ERR_QUEUE_COLOR_ALREADY_EXISTS',
  'ERR_WAPP_GREETING_REQUIRED',
  'ERR_OUT_OF_HOURS',
  'ERR_PLAN_IN_USE',
  'ERR_PLAN_LIMIT',
  'ERR_RATE_LIMITED',
  'ERR_NOT_FOUND',
  'ERR_PAYLOAD_TOO_LARGE',
  'ERR_INTERNAL',
] as const;

export type ErrorCode = (typeof ErrorCodes)[number];

export interface ApiErrorBody {
  error: ErrorCode;
  /** Present on ERR_VALIDATION: what was wrong, per field path. */
  issues?: { path: (string | number)[]; message: string }[];
  /** Extra facts some errors carry (e.g. the expired due date). */
  [extra: string]: unknown;
}
