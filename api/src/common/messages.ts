/**
 * Every Korean sentence the API sends or prints, in one place (STYLE.md: one messages file per package).
 * Errors follow DECISIONS D1: one Korean sentence in `message`.
 */
export const messages = {
  // Generic errors, chosen by HTTP status when the thrower gave no Korean sentence (D1).
  badRequest: '잘못된 요청입니다.',
  unauthorized: '로그인이 필요합니다.',
  forbidden: '관리자 권한이 없습니다.',
  routeNotFound: '요청한 주소를 찾을 수 없습니다.',
  methodNotAllowed: '허용되지 않는 요청 방식입니다.',
  conflict: '요청이 현재 상태와 충돌합니다.',
  payloadTooLarge: '요청 본문이 너무 큽니다.',
  unsupportedMediaType: '지원하지 않는 형식입니다.',
  unprocessable: '요청을 처리할 수 없습니다.',
  tooManyRequests: '요청이 너무 많습니다. 잠시 후 다시 시도해주세요.',
  serverError: '서버 오류가 발생했습니다.',
  serviceUnavailable: '서비스를 일시적으로 사용할 수 없습니다.',
  validationFailed: '입력값이 올바르지 않습니다.',
  unknownField: (field: string) => `허용되지 않는 필드입니다: ${field}`,

  invalidId: '잘못된 ID 형식입니다.',
  invalidUpcoming: 'upcoming 값은 0 또는 1이어야 합니다.',
  linkNotFound: '링크 정보를 찾을 수 없습니다.',
  planNotFound: '일정을 찾을 수 없습니다.',
  planCreated: '일정이 등록되었습니다.',
  planUpdated: '일정이 수정되었습니다.',
  planDeleted: '일정이 삭제되었습니다.',
  requiredValues: '필수 값을 입력해주세요.',
  planDateInvalid: '날짜는 YYYY-MM-DD 형식의 실제 날짜여야 합니다.',
  planEndBeforeStart: '종료일은 시작일보다 빠를 수 없습니다.',
  planTitleRequired: '일정 내용을 입력해주세요.',
  planTitleTooLong: '일정 내용은 200자 이하로 입력해주세요.',
  planTitleInvalidChar: '일정 내용에 사용할 수 없는 문자가 있습니다.',

  popupNotFound: '팝업 예약을 찾을 수 없습니다.',
  popupCreated: '팝업 예약이 등록되었습니다.',
  popupUpdated: '팝업 예약이 수정되었습니다.',
  popupDeleted: '팝업 예약이 삭제되었습니다.',
  popupDatesRequired: '시작일과 종료일은 필수입니다. 날짜를 선택해주세요.',
  popupDateInvalid: '일시는 시간대가 포함된 ISO 8601 형식(예: 2026-11-21T19:00:00+09:00)의 실제 날짜여야 합니다.',
  popupEndBeforeStart: '종료 일시는 시작 일시보다 빠를 수 없습니다.',
  popupTurnInvalid: '회차는 1, 2, 3 중 하나이거나 선택 안 함이어야 합니다.',
  popupCountInvalid: '인원은 0 이상 100000 이하의 정수로 입력해주세요.',
  popupTableInvalid: '예약 가능 테이블은 0 이상 10000 이하의 정수로 입력해주세요.',

  invalidImageKey: '잘못된 이미지 키 형식입니다.',
  invalidImageWidth: '이미지 너비(w)는 320, 640, 1280 중 하나여야 합니다.',
  imageNotFound: '이미지를 찾을 수 없습니다.',
  imageUnreadable: '이미지 파일을 읽을 수 없습니다. JPEG, PNG, WebP, GIF, AVIF 파일만 올릴 수 있습니다.',
  imageTypeRefused: (format: string) =>
    `${format} 형식은 올릴 수 없습니다. JPEG, PNG, WebP, GIF, AVIF 파일만 올릴 수 있습니다.`,
  imageTooManyPixels: (megapixels: number) => `이미지 해상도가 너무 큽니다. 최대 ${megapixels}메가픽셀까지 올릴 수 있습니다.`,
  imageRequired: '이미지 파일이 필요합니다.',
  imageEmpty: '빈 파일은 올릴 수 없습니다.',
  imageTooLarge: (maxBytes: number) => `파일이 너무 큽니다. 최대 ${maxBytes}바이트까지 올릴 수 있습니다.`,
  uploadOneImage: '이미지 파일은 image 항목으로 하나만 올릴 수 있습니다.',
  uploadMalformed: '업로드 요청 형식이 올바르지 않습니다.',
  imageSaved: '이미지가 등록되었습니다.',
  coverSaved: '커버 이미지가 변경되었습니다.',

  pnameRequired: '링크 이름은 필수 값입니다.',
  pnameTooLong: '링크 이름은 100자 이하로 입력해주세요.',
  tagNotString: '태그는 하나의 문자열로 입력해주세요.',
  tooManyTags: '태그는 최대 20개까지 입력할 수 있습니다.',
  tagTooLong: '태그 하나는 최대 30자까지 입력할 수 있습니다.',
  linkUrlInvalid: '링크 주소는 http:// 또는 https:// 로 시작하는 2048자 이하의 주소여야 합니다.',
  imagelinkInvalid: '이미지 주소는 http:// 또는 https:// 로 시작하는 2048자 이하의 주소이거나 /api/images/<키> 형식이어야 합니다.',
  imagelinkUnknown: '등록되지 않은 이미지입니다.',
  linkCreated: '링크가 등록되었습니다.',
  linkUpdated: '링크가 수정되었습니다.',
  linkDeleted: '링크가 삭제되었습니다.',
  invalidPosition: '순서 값은 0 이상의 정수여야 합니다.',
  positionOutOfRange: '순서 값이 링크 목록의 범위를 벗어났습니다.',
  pcodeMismatch: '본문의 pcode는 경로의 새 위치(to)와 같아야 합니다.',
  reorderConflict: '다른 관리자가 순서를 바꿨습니다. 최신 순서로 다시 불러옵니다.',
  linksReordered: '순서가 변경되었습니다.',

  databaseDown: '데이터베이스에 연결할 수 없습니다.',
  serverStopping: '서버가 종료 중입니다. 잠시 후 다시 시도해주세요.',

  issuerUnavailable: '인증 서버에 연결할 수 없습니다.',
  loggedIn: '로그인되었습니다.',

  configError: (variable: string, reason: string) => `설정 오류: ${variable} ${reason}`,
  configPort: '는 1–65535 사이의 정수여야 합니다',
  configPortOrZero: '는 0–65535 사이의 정수여야 합니다 (0 은 빈 포트 자동 선택)',
  configDatabaseUrl: '는 postgres:// 또는 postgresql:// 로 시작하는 주소여야 합니다',
  configBoolean: '는 true/false/1/0 중 하나여야 합니다',
  configPositiveInt: '는 1 이상의 정수여야 합니다',
  configNonEmpty: '는 비어 있을 수 없습니다',
  configHttpUrl: '는 http:// 또는 https:// 로 시작하는 주소여야 합니다 (쿼리와 # 없이)',
  configClockTolerance: '는 0–300 사이의 정수(초)여야 합니다',
  configShutdownTimeout: '는 0–600000 사이의 정수(밀리초)여야 합니다',

  embeddedLocked: (lockFile: string, pid: number) =>
    `내장 데이터베이스가 이미 다른 프로세스(pid ${pid})에서 사용 중입니다: ${lockFile}\n` +
    `The embedded database is already in use by process ${pid} (lock file ${lockFile}). Stop that process, or set DATABASE_URL.`,
  embeddedStaleLock: (lockFile: string, pid: number) =>
    `이전 실행(pid ${pid})이 남긴 잠금 파일을 정리합니다: ${lockFile}`,
  embeddedStarting: (dir: string) => `내장 PostgreSQL(PGlite)을 시작합니다: ${dir}`,
  embeddedStarted: (url: string) => `내장 PostgreSQL 준비 완료: ${url}`,

  migrationsPending: (names: string[], command: string) =>
    `데이터베이스에 적용되지 않은 마이그레이션이 있습니다(${names.join(', ')}). MIGRATIONS_RUN=false 이므로 먼저 마이그레이션 명령을 실행하세요: ${command}\n` +
    `Pending migrations (${names.join(', ')}) and MIGRATIONS_RUN=false: apply them first with ${command}.`,
  migrationLockWaiting: '다른 프로세스가 마이그레이션 중입니다. 끝날 때까지 기다립니다. (waiting for the migration lock)',
  migrationsRan: (names: string[]) => `마이그레이션 ${names.length}개를 적용했습니다: ${names.join(', ')}`,
  migrationsNonePending: '적용할 마이그레이션이 없습니다. 스키마가 최신입니다.',
  migrateFailed: (reason: string) => `마이그레이션에 실패했습니다: ${reason}\nMigration failed: ${reason}`,

  apiReady: (url: string) => `API 준비 완료: ${url}`,
  shuttingDown: (signal: string) => `${signal} 신호를 받아 종료합니다.`,
  stopped: '정상 종료되었습니다.',
  drainTimedOut: (ms: number, open: number) => `${ms}ms 안에 끝나지 않은 연결 ${open}개를 끊습니다.`,
  startFailed: 'API 를 시작하지 못했습니다.',
  seededOnEmpty: '빈 데이터베이스에 데모 카탈로그를 넣었습니다.',
  seedAdded: (r: { linksAdded: number; plansAdded: number; coverAdded: boolean }) =>
    `추가: 링크 ${r.linksAdded}개, 일정 ${r.plansAdded}개, 커버 ${r.coverAdded ? 1 : 0}개`,
  seedCounts: (c: { links: number; plans: number; images: number; cover: boolean }) =>
    `데모 카탈로그: 링크 ${c.links}개, 일정 ${c.plans}개, 이미지 ${c.images}개, 커버 ${c.cover ? '있음' : '없음'}`,
} as const;
