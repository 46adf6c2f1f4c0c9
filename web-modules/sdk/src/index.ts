export { api, refreshAccessToken, DENIAL_REDIRECT_MS } from './api.js';
export { toastError, toastSuccess, toastWarning, toastInfo, showToast, errorText, ERROR_TOAST_MS } from './toast.js';
export { errorCodeOf, errorBodyOf, statusOf } from './errors.js';
export { StorageKeys, getToken, clearSession } from './storage.js';
export { navigateTo } from './navigation.js';

export { SessionProvider } from './session/SessionProvider.js';
export { useSession, type SessionValue } from './session/context.js';
export { can, isAdmin, AdminPermissions, type Permission } from './permissions.js';

export { useSocket, useSocketEvent } from './realtime/hooks.js';

export {
  i18n,
  registerTranslations,
  changeLanguage,
  isSupportedLanguage,
  SupportedLanguages,
  DEFAULT_LANGUAGE,
  useTranslation,
  Trans,
  type SupportedLanguage,
  type TranslationTree,
} from './i18n/index.js';

export { zodFormikValidate, serverValidationErrors } from './forms.js';
export { formatDate, formatDateTime, formatTime, formatCurrency, formatRelativeTime, daysUntil, parseDate } from './format.js';
export { defineWebModule, type WebModule, type WebModuleRoute, type WebModuleMenuItem } from './web-module.js';

export { ConfirmDialog, type ConfirmDialogProps } from './ui/ConfirmDialog.js';
export { LoadingState } from './ui/LoadingState.js';
export { EmptyState, type EmptyStateProps } from './ui/EmptyState.js';
export { ErrorCard, type ErrorCardProps } from './ui/ErrorCard.js';
export { PageHeader, type PageHeaderProps } from './ui/PageHeader.js';
export { publicUrl } from './public-url.js';

export {
  useAudioRecorder,
  type AudioRecorderOptions,
  type AudioRecorderState,
  type AudioRecordingFormat,
  type AudioRecordingResult,
} from './media/useAudioRecorder.js';
export { AUDIO_BITS_PER_SECOND, AUDIO_FALLBACK_TYPES, recordingType, audioFileName, mimeEssence, isTooShortAudio } from './media/audio-format.js';
export { readableOn } from './color.js';
export { RecordMultiSelect, type RecordMultiSelectProps, type SelectableRecord } from './ui/RecordMultiSelect.js';
