// Public surface of @linksite/platform, the shared singleton library (one copy per page).
// The administrator screens' shared frame (class names admin-screen…, admin-form…), on the page once.
import './ui/admin-screen.css';

export { flushAnalytics, trackClick, trackPageView, trackRemoteError, type AnalyticsClick } from './analytics/tracker';
export { OUTBOUND_TIMEOUT_MS, sendOutboundClick } from './analytics/gtag';
export {
  authStarted,
  authStore,
  getAccessToken,
  initAuth,
  login,
  logout,
  prepareAuth,
  refreshAccessToken,
  resetAuth,
  startAuth,
  useAuth,
  useMayUse,
  type AuthProfile,
  type AuthState,
  type KeycloakClient,
  type KeycloakFactory,
} from './auth/auth-store';
export {
  clearReturnPath,
  readReturnPath,
  rememberReturnPath,
  RETURN_PATH_KEY,
  safeReturnPath,
} from './auth/return-path';
export { hasSignedInBefore, isSignInCallback, setSignedInBefore, SIGNED_IN_FLAG_KEY } from './auth/signed-in-flag';
export {
  SESSION_USER_KEY,
  sessionUserStore,
  setSessionUser,
  useSessionUser,
  type SessionUser,
} from './auth/session-user';
export {
  getRuntimeConfig,
  loadRuntimeConfig,
  parseRuntimeConfig,
  runtimeConfigStore,
  setRuntimeConfig,
  type AuthConfig,
  type RuntimeConfig,
} from './config/runtime-config';
export { ApiError, errorMessage, isRetryable, toApiError } from './http/api-error';
export { getPublic, type PublicReadParams } from './http/get-public';
export { http, resolveApiUrl, setHttpAuth, type HttpAuth, type HttpClient } from './http/http-client';
export { useObjectUrl } from './hooks/use-object-url';
export { useRequest, type RequestState } from './hooks/use-request';
export { useSaveAndReturn } from './hooks/use-save-and-return';
export { useVersionedEdit, type EditConflict, type VersionedEdit } from './hooks/use-versioned-edit';
export { bannerChanged, bannerRefreshStore, useBannerVersion } from './lib/banner-refresh';
export { CHIP_STYLES, randomChipStyle, type ChipStyle } from './lib/chip-style';
export { imageUrl, isInternalImage, type ImageWidth } from './lib/image-url';
export { parseDateParam, seoulIsoToWallTime, seoulToday, toDateParam, wallTimeToSeoulIso } from './lib/seoul-time';
export { splitTags } from './lib/split-tags';
export { ko } from './messages/ko';
export { Chip } from './ui/chip';
export {
  ConflictPanel,
  conflictPanelLabels,
  type ConflictMessages,
  type ConflictPanelLabels,
  type ConflictPanelProps,
  type ConflictRow,
} from './ui/conflict-panel';
export { datePickerKoProps, KoreanCalendarContainer } from './ui/date-picker-ko';
export { ErrorBoundary, type ErrorBoundaryProps } from './ui/error-boundary';
export { ErrorNotice, type ErrorNoticeProps } from './ui/error-notice';
export { Loading } from './ui/loading';
export { DEFAULT_IMAGE_URL } from './assets/default-image';
export { ACCEPTED_IMAGE_TYPES, IGNORED_FILE_NAMES, UPLOAD_MAX_BYTES } from './lib/upload-limits';
export { sniffImageType, type AcceptedImageType } from './lib/image-type';
export { contentProblem, rejectionMessage } from './ui/image-checks';
export type { DropzoneVisualState, ImageDropzoneProps } from './ui/image-dropzone';
export { ImageDropzone } from './ui/lazy-image-dropzone';
export type { FileDropzoneProps } from './ui/file-dropzone';
export { FileDropzone } from './ui/lazy-file-dropzone';
