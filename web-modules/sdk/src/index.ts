// The list pages' layout classes (cx-…) load with the SDK, so any page may use them.
import './ui/list.css';

export { api, refreshAccessToken, DENIAL_REDIRECT_MS } from './api.js';
export { toastError, toastSuccess, toastWarning, toastInfo, showToast, errorText, ERROR_TOAST_MS } from './toast.js';
export { errorCodeOf, errorBodyOf, statusOf } from './errors.js';
export { StorageKeys, getToken, clearSession } from './storage.js';
export { navigateTo } from './navigation.js';

export { SessionProvider } from './session/SessionProvider.js';
export { useSession, type SessionValue } from './session/context.js';
export { can, isAdmin, isAdminOrSuper, AdminPermissions, type Permission } from './permissions.js';

export { useConnectionState, useSocket, useSocketEvent } from './realtime/hooks.js';
export { useCompanyTags, createCompanyTag, canCreateTagNamed, COMPANY_TAGS_KEY } from './data/useCompanyTags.js';
export { useCloudTemplates, cloudTemplateKey, cloudTemplatesQueryKey, parseCloudTemplateKey, type CloudTemplate } from './data/useCloudTemplates.js';
export { chooseCloudTemplate, cloudTemplateFormValues, cloudTemplateInput, type CloudTemplateFormValues, type StoredCloudTemplate } from './data/cloud-template-form.js';
export type { ConnectionState } from './realtime/SocketProvider.js';

export {
  i18n,
  registerTranslations,
  translationsReady,
  changeLanguage,
  isSupportedLanguage,
  SupportedLanguages,
  DEFAULT_LANGUAGE,
  useTranslation,
  Trans,
  type SupportedLanguage,
  type TranslationTree,
  type LocaleLoader,
  type LocaleSources,
} from './i18n/index.js';

export { zodFormikValidate, serverValidationErrors } from './forms.js';
export { planDeniedMessage } from './plan-denial.js';
export { contactNumberText, type DisplayableContact } from './contact-display.js';
export { formatDate, formatDateTime, formatTime, formatCurrency, formatNumber, formatRelativeTime, daysUntil, parseDate } from './format.js';
export { defineWebModule, type WebModule, type WebModuleRoute, type WebModuleMenuItem } from './web-module.js';

export { ConfirmDialog, type ConfirmDialogProps } from './ui/ConfirmDialog.js';
export { Dialog, Drawer } from './ui/Dialog.js';
export { LoadingState } from './ui/LoadingState.js';
export { loadOnlyUsedIcons } from './ui/icons/icon-loader.js';
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
export { RecordsField, type RecordsFieldProps } from './ui/RecordsField.js';
export { CloudTemplateFields, cloudTemplatePreview, type CloudTemplateFieldsProps } from './ui/CloudTemplateFields.js';
export { MenuPopover, type MenuPopoverProps } from './ui/MenuPopover.js';
export { useFocusAfterSave } from './ui/useFocusAfterSave.js';
export { ListBody, type ListBodyProps } from './ui/ListBody.js';
export { RowActions, RowButton, type RowActionsProps, type RowButtonProps } from './ui/RowActions.js';
export { useDeleteConfirmation } from './ui/useDeleteConfirmation.js';
export { useConfirmedAction, type ConfirmedAction, type DeleteConfirmation } from './ui/useConfirmedAction.js';
export { fieldError, fieldIntent, type FieldForm, type FieldsOf } from './ui/formik-field.js';
export { TextField, type TextFieldProps } from './ui/TextField.js';
export { TextAreaField, type TextAreaFieldProps } from './ui/TextAreaField.js';
export { SelectField, type SelectFieldProps } from './ui/SelectField.js';
export { SwitchField, type SwitchFieldProps } from './ui/SwitchField.js';
export { FormDialogFooter, type FormDialogFooterProps } from './ui/FormDialogFooter.js';
export { showSubmitError } from './ui/submit-error.js';

export { ListPage, type ListPageProps } from './ui/ListPage.js';
export { ListTable, type ListTableProps } from './ui/ListTable.js';
export { InfiniteScroll } from './ui/InfiniteScroll.js';
export { SearchBox } from './ui/SearchBox.js';
export { useListSearch, type ListSearch } from './ui/useListSearch.js';
export { useDebouncedValue } from './ui/useDebouncedValue.js';
export { usePagedList } from './ui/usePagedList.js';
export { TagChip } from './ui/TagChip.js';
export { Avatar, type AvatarProps } from './ui/Avatar.js';
export {
  flattenPages,
  nearBottom,
  nextPageNumber,
  removeFromPages,
  totalCount,
  upsertInPages,
  LOAD_MORE_WITHIN_PX,
  SEARCH_DEBOUNCE_MS,
  type Page,
  type Paged,
} from './lib/paged-cache.js';
export { applyToPagedLists, replaceInPagedLists, searchFinds, type PagedListChange, type ListParams } from './lib/paged-list-events.js';
export { usePagedListEvents, type PagedListEventsOptions } from './lib/usePagedListEvents.js';
export { foldText, initialsOf, textMatches } from './lib/text.js';
export { isHexColor, normalizeHex, TAG_PALETTE } from './lib/hex-color.js';
export { base64Blob, saveBlob } from './lib/download.js';
