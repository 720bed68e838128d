import { josa } from 'es-hangul';
import type { ChoiceField } from './shared-rules';

/** Bytes as MB for a message: `128`, `4,096`, `0.1`. */
const mebibytes = (bytes: number): string =>
  (bytes / 1024 / 1024).toLocaleString('ko-KR', { maximumFractionDigits: 1 });

/**
 * Every Korean sentence the API sends or prints, in one place (STYLE.md: one messages file per package).
 * Errors follow docs/decisions/0001-response-envelope.md: one Korean sentence in `message`.
 */
export const messages = {
  // Generic errors, chosen by HTTP status when the thrower gave no Korean sentence
  // (docs/decisions/0001-response-envelope.md).
  badRequest: '잘못된 요청입니다.',
  unauthorized: '로그인이 필요합니다.',
  forbidden: '관리자 권한이 없습니다.',
  /**
   * A signed-in member of the team whose role (editor, staff) this route is not open to (docs/decisions/0079-roles.md).
   */
  roleForbidden: '이 작업을 할 권한이 없습니다.',
  /** Door staff asked for a booking of a slot that ended before today (bookings/staff-view.ts). */
  staffPastSlot: '지난 회차의 예약은 볼 수 없습니다.',
  routeNotFound: '요청한 주소를 찾을 수 없습니다.',
  methodNotAllowed: '허용되지 않는 요청 방식입니다.',
  metricsForbidden: '운영 지표를 볼 권한이 없습니다.',
  auditBeforeInvalid: 'before 값은 1 이상의 정수여야 합니다.',
  auditLimitInvalid: 'limit 값은 1–200 사이의 정수여야 합니다.',
  /** docs/decisions/0082-korean-audit-log.md: the filters of `GET /api/audit` (audit/dto/audit-query.dto.ts). */
  auditActorInvalid: 'actor 값은 변경 기록에 나온 작업자 계정 ID(1–255자)여야 합니다.',
  auditEntityInvalid: (names: string) => `entity 값은 ${names} 중 하나여야 합니다.`,
  auditFromInvalid: 'from 값은 2026-11-20 같은 실제 날짜(YYYY-MM-DD)여야 합니다.',
  auditToInvalid: 'to 값은 2026-11-20 같은 실제 날짜(YYYY-MM-DD)여야 합니다.',
  auditRangeOrder: 'to 날짜는 from 날짜보다 빠를 수 없습니다.',
  /**
   * docs/decisions/0082-korean-audit-log.md: an audit entry in the screens' words (audit/describe-audit-entry.ts): its
   * title, and its fields labelled as on the forms of mf-links, mf-plans and mf-popups.
   */
  auditWords: {
    quoted: (name: string) => `‘${name}’`,
    linkCreated: (name: string, withPhoto: boolean) => `링크 ${name} 추가${withPhoto ? ' (사진 포함)' : ''}`,
    linkUpdated: (name: string) => `링크 ${name} 수정`,
    linkDeleted: (name: string) => `링크 ${name} 삭제`,
    linkMoved: (name: string) => `링크 ${name} 순서 변경`,
    linkPhotoChanged: (name: string) => `링크 ${name} 사진 변경`,
    planCreated: (name: string) => `일정 ${name} 추가`,
    planUpdated: (name: string) => `일정 ${name} 수정`,
    planDeleted: (name: string) => `일정 ${name} 삭제`,
    slotCreated: (name: string) => `팝업 예약 ${name} 추가`,
    slotUpdated: (name: string) => `팝업 예약 ${name} 수정`,
    slotDeleted: (name: string) => `팝업 예약 ${name} 삭제`,
    slotName: (turn: string | null, start: string) => (turn ? `${turn}회차 · ${start}` : start),
    bookingOpened: (slot: string) => `예약 받기 시작 · ${slot}`,
    bookingClosed: (slot: string) => `예약 받기 멈춤 · ${slot}`,
    /**
     * Whose booking: the name while the booking still holds it (erased on schedule,
     * docs/decisions/0030-popup-bookings.md), else its code.
     */
    bookingOf: (name: string | null, code: string) => (name ? `${name} 님 예약` : `예약 ${code}`),
    bookingCheckedIn: (booking: string) => `${booking} 입장 확인`,
    bookingNoShow: (booking: string) => `${booking} 노쇼 처리`,
    bookingCancelled: (booking: string) => `${booking} 취소`,
    waitlistRemoved: (code: string) => `빈자리 알림 신청 ${code} 명단에서 빼기`,
    popupInfoUpdated: '팝업 안내 수정',
    popupInfoImageChanged: '팝업 안내 대표 이미지 변경',
    coverChanged: '커버 이미지 변경',
    siteRestored: '백업 복원',
    /** docs/decisions/0080-people-invites-totp.md: accounts (people/people.service.ts writes these entries itself). */
    personInvited: (name: string, role: string) => `${name} 님 초대 (${role})`,
    personReinvited: (name: string) => `${name} 님 비밀번호 재설정 링크 발급`,
    personRoleChanged: (name: string, from: string, to: string) => `${name} 님 역할 변경: ${from} → ${to}`,
    personDisabled: (name: string) => `${name} 님 사용 중지`,
    personEnabled: (name: string) => `${name} 님 다시 사용`,
    personChanged: (name: string) => `${name} 님 계정 변경`,
    roles: { owner: '소유자', editor: '편집자', staff: '스태프' } as Record<string, string>,
    accountStatus: { active: '사용 중', invited: '초대됨', disabled: '사용 중지' } as Record<string, string>,
    otherWrite: (method: string, route: string) => `기타 변경 (${method} ${route})`,
    subjects: {
      link: '링크',
      plan: '일정',
      popup: '팝업 예약',
      booking: '예약',
      'popup-info': '팝업 안내',
      cover: '커버',
      site: '사이트',
      person: '팀원',
    },
    fields: {
      pname: '링크 이름',
      tags: '태그',
      link: '구매 사이트 링크',
      photo: '사진',
      enabled: '방문자에게 공개',
      showFrom: '공개 시작',
      showUntil: '공개 종료',
      position: '순서',
      planTitle: '내용',
      planStart: '시작일',
      planEnd: '종료일',
      turn: '회차',
      slotStart: '시작 일시',
      slotEnd: '종료 일시',
      headCount: '인원',
      tables: '예약 가능 테이블',
      opensAt: '예약 오픈 일시',
      closesAt: '예약 마감 일시',
      cancelHours: '취소 마감',
      partyMin: '1회 최소 인원',
      partyMax: '1회 최대 인원',
      bookingEnabled: '예약 받기',
      status: '상태',
      partySize: '인원',
      infoTitle: '팝업 이름',
      infoPlace: '장소',
      infoNotice: '안내 사항',
      infoImage: '대표 이미지',
      coverImage: '커버 이미지',
      role: '역할',
      accountStatus: '상태',
    },
    empty: '(비어 있음)',
    noLimit: '제한 없음',
    yes: '예',
    no: '아니요',
    bookingOn: '받음',
    bookingOff: '받지 않음',
    opensAtDefault: '등록 즉시',
    closesAtDefault: '시작 일시에 마감',
    noTurn: '선택 안 함',
    turn: (turn: string) => `${turn}회차`,
    uploadedPhoto: '올린 사진',
    previousPhoto: '이전 사진',
    newPhoto: '새 사진',
    people: (n: number) => `${n.toLocaleString('ko-KR')}명`,
    tables: (n: number) => `${n.toLocaleString('ko-KR')}개`,
    position: (n: number) => `${n.toLocaleString('ko-KR')}번째`,
    hoursBefore: (n: number) => `시작 ${n.toLocaleString('ko-KR')}시간 전까지`,
    status: { booked: '예약 완료', cancelled: '취소됨', checked_in: '입장 완료', no_show: '노쇼' } as Record<
      string,
      string
    >,
  },
  conflict: '요청이 현재 상태와 충돌합니다.',
  payloadTooLarge: '요청 본문이 너무 큽니다.',
  unsupportedMediaType: '지원하지 않는 형식입니다.',
  bodyTypeRefused: (accepted: string) => `요청 본문의 형식이 올바르지 않습니다. ${accepted} 형식으로 보내주세요.`,
  unprocessable: '요청을 처리할 수 없습니다.',
  tooManyRequests: '요청이 너무 많습니다. 잠시 후 다시 시도해주세요.',
  serverError: '서버 오류가 발생했습니다.',
  serviceUnavailable: '서비스를 일시적으로 사용할 수 없습니다.',
  databaseUnavailable: '데이터베이스에 잠시 연결할 수 없습니다. 잠시 후 다시 시도해주세요.',
  validationFailed: '입력값이 올바르지 않습니다.',
  unknownField: (field: string) => `허용되지 않는 필드입니다: ${field}`,
  inputTooDeep: '요청 본문의 중첩이 너무 깊습니다.',
  forbiddenKey: (field: string) => `사용할 수 없는 필드 이름입니다: ${field}`,
  bidiControl: (field: string) => `${field} 값에 글자 방향을 바꾸는 제어 문자는 사용할 수 없습니다.`,
  invisibleText: (field: string) => `${field} 값이 보이지 않는 문자로만 되어 있습니다.`,
  unsafeCharacter: (field: string) => `${field} 값에 사용할 수 없는 문자(NUL 문자나 깨진 문자)가 있습니다.`,
  /** docs/decisions/0096-smaller-hardening.md: a JSON or form body whose bytes are not UTF-8 (common/utf8-body.ts). */
  bodyNotUtf8: '요청 본문에 UTF-8로 읽을 수 없는 바이트가 있습니다. 글자를 UTF-8로 보내주세요.',
  /** docs/decisions/0096-smaller-hardening.md: a JSON or form body declared in another charset (`charset=utf-16`). */
  bodyCharsetRefused: '요청 본문은 UTF-8로 보내주세요.',
  /**
   * docs/decisions/0096-smaller-hardening.md: a multipart text part whose bytes were not UTF-8 (common/utf8-body.ts).
   */
  fieldNotUtf8: (field: string) => `${field} 값에 UTF-8로 읽을 수 없는 글자가 있습니다.`,
  /**
   * docs/decisions/0096-smaller-hardening.md: a query parameter repeated or in array/object form
   * (common/single-query-value.ts).
   */
  queryNotSingle: (name: string) => `${name} 값은 한 번만, 하나의 값으로 보내야 합니다.`,

  invalidId: '잘못된 ID 형식입니다.',
  invalidUpcoming: 'upcoming 값은 0 또는 1이어야 합니다.',
  /** `GET /api/store/page` (docs/decisions/0036-paged-public-read.md): a cursor this API did not hand out. */
  invalidPageCursor: '잘못된 페이지 커서입니다. 처음 페이지부터 다시 불러와 주세요.',
  /** `GET /api/store/page`: limit outside 1–100 or not a whole number. */
  invalidPageLimit: 'limit 값은 1부터 100 사이의 정수여야 합니다.',
  /** `GET /api/store/page`: an empty, repeated or over-long tag filter. */
  invalidTagFilter: '태그는 한 개, 최대 30자까지 지정할 수 있습니다.',
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
  popupEndBeforeStart: '종료 일시는 시작 일시보다 늦어야 합니다.',
  popupTurnInvalid: '회차는 1, 2, 3 중 하나이거나 선택 안 함이어야 합니다.',
  popupCountInvalid: '인원은 0 이상 100000 이하의 정수로 입력해주세요.',
  popupTableInvalid: '예약 가능 테이블은 0 이상 10000 이하의 정수로 입력해주세요.',
  popupBookingTimeInvalid:
    '예약 오픈·마감 일시는 시간대가 포함된 ISO 8601 형식(예: 2026-11-21T10:00:00+09:00)이거나 비워 두어야 합니다.',
  popupBookingCloseBeforeOpen: '예약 마감 일시는 예약 오픈 일시보다 늦어야 합니다.',
  popupCancelHoursInvalid: '취소 마감은 시작 0시간 전부터 720시간 전 사이의 정수로 입력해주세요.',
  popupPartyMinInvalid: '1회 예약 최소 인원은 1 이상 50 이하의 정수로 입력해주세요.',
  popupPartyMaxInvalid: '1회 예약 최대 인원은 최소 인원 이상 50 이하의 정수로 입력해주세요.',
  popupBookingEnabledInvalid: '예약 받기는 true 또는 false 여야 합니다.',
  popupCountBelowBooked: (booked: number) => `이미 예약된 인원(${booked}명)보다 인원을 적게 줄일 수 없습니다.`,
  popupTableBelowBooked: (booked: number) =>
    `이미 예약된 테이블(${booked}개)보다 예약 가능 테이블을 적게 줄일 수 없습니다.`,
  popupHasBookings: '예약이 남아 있는 팝업 예약은 삭제할 수 없습니다. 예약을 먼저 취소해주세요.',
  popupBookingOpened: '예약 받기를 시작했습니다.',
  popupBookingClosed: '예약 받기를 멈췄습니다.',
  popupInfoSaved: '팝업 안내가 저장되었습니다.',
  popupInfoImageSaved: '팝업 안내 이미지가 저장되었습니다.',
  popupInfoTitleInvalid: '팝업 이름은 1자 이상 100자 이하로 입력해주세요.',
  popupInfoPlaceInvalid: '장소는 1자 이상 200자 이하로 입력해주세요.',
  popupInfoNoticeInvalid: '안내 사항은 1자 이상 2000자 이하로 입력해주세요.',
  popupInfoMissing: '팝업 안내를 먼저 저장해주세요.',

  bookingNameInvalid: '이름은 1자 이상 20자 이하로 입력해주세요.',
  bookingPhoneInvalid: '휴대폰 번호는 010으로 시작하는 11자리 숫자로 입력해주세요. (예: 010-1234-5678)',
  bookingPartySizeInvalid: '인원은 1 이상 50 이하의 정수로 입력해주세요.',
  bookingPartySizeOutOfRange: (min: number, max: number) =>
    `이 회차는 한 번에 ${min}명부터 ${max}명까지 예약할 수 있습니다.`,
  bookingConsentRequired: '개인정보 수집·이용에 동의해야 예약할 수 있습니다.',
  bookingSlotIdInvalid: '예약할 회차를 선택해주세요.',
  bookingIdempotencyKeyInvalid: 'Idempotency-Key 헤더는 8~64자의 영문, 숫자, -, _ 로 보내주세요.',
  bookingIdempotencyKeyReused: '이 요청 키는 다른 예약 요청에 이미 사용되었습니다. 새로 시도해주세요.',
  bookingSlotNotFound: '예약할 회차를 찾을 수 없습니다.',
  /** The waiting room (docs/decisions/0074-waiting-room.md, bookings/waiting-room.service.ts). */
  queueTicketNotFound: '대기 번호를 찾을 수 없습니다. 예약 화면에서 다시 시작해주세요.',
  queueRequired: '지금은 예약하려는 분이 많아 온 순서대로 안내하고 있습니다. 대기 순서를 받아주세요.',
  queueNotYourTurn: '아직 차례가 되지 않았습니다. 대기 화면에서 순서를 기다려주세요.',
  queueAdmissionExpired: '예약할 수 있는 시간이 지났습니다. 다시 대기 순서를 받아주세요.',
  queueTicketUsed: '이 대기 번호로는 이미 예약했습니다.',
  /** The waitlist (빈자리 알림; docs/decisions/0075-waitlist.md, bookings/waitlist.service.ts). */
  waitlistSlotOpen: '아직 자리가 있는 회차입니다. 빈자리 알림 대신 바로 예약해주세요.',
  waitlistDuplicatePhone: '이 휴대폰 번호로 이미 이 회차의 빈자리 알림을 신청했습니다.',
  waitlistNotFound: '빈자리 알림 신청을 찾을 수 없습니다. 신청 번호와 휴대폰 번호 뒤 4자리를 확인해주세요.',
  waitlistNoOffer: '지금 확정할 수 있는 빈자리가 없습니다. 확정 시간이 지났거나 아직 차례가 아닙니다.',
  waitlistEntryNotFound: '빈자리 알림 신청을 찾을 수 없습니다.',
  waitlistJoined: '빈자리 알림을 신청했습니다. 자리가 나면 순서대로 알려드립니다.',
  waitlistAlreadyJoined: '이미 신청한 빈자리 알림입니다.',
  waitlistAccepted: '예약이 확정되었습니다.',
  waitlistLeft: '빈자리 알림 신청을 취소했습니다.',
  waitlistRemoved: '빈자리 알림 명단에서 뺐습니다.',
  waitlistOffer: {
    subject: (day: string, time: string) => `[빈자리 알림] ${day} ${time} 회차에 자리가 났습니다`,
    greeting: (name: string) => `${name} 님, 신청하신 회차에 빈자리가 생겼습니다.`,
    when: (day: string, window: string) => `일시: ${day} ${window}`,
    party: (n: number) => `인원: ${n}명`,
    until: (deadline: string) =>
      `${deadline}까지 아래 주소에서 예약을 확정해주세요. 그때까지 확정하지 않으면 다음 분께 넘어갑니다.`,
    link: (url: string) => `예약 확정: ${url} (휴대폰 번호 뒤 4자리로 확인할 수 있습니다)`,
  },
  /** A send that failed; `reason` is the SMTP reply code or error code only, never an address. */
  waitlistOfferNotSent: (reason: string) => `빈자리 알림 메일 1건을 보내지 못했습니다 (${reason}).`,
  waitlistSweepFailed: (reason: string) => `빈자리 알림 작업이 실패했습니다: ${reason}`,
  configWaitlistHold: '는 1–1440 사이의 정수(분)여야 합니다',
  bookingNotOpenYet: '아직 예약이 열리지 않았습니다. 오픈 시간 이후에 다시 시도해주세요.',
  bookingClosed: '예약이 마감된 회차입니다.',
  bookingFull: '예약이 마감되었습니다. 남은 자리가 없습니다.',
  bookingTablesFull: '예약이 마감되었습니다. 남은 자리는 있지만 예약 가능한 테이블이 모두 찼습니다.',
  bookingSeatsShort: (remaining: number) => `남은 자리가 ${remaining}명뿐입니다. 인원을 줄여서 다시 시도해주세요.`,
  bookingDuplicatePhone: '이 휴대폰 번호로 이미 이 회차를 예약했습니다.',
  bookingCreated: '예약이 완료되었습니다.',
  bookingAlreadyMade: '이미 접수된 예약입니다.',
  bookingNotFound: '예약을 찾을 수 없습니다. 예약 번호와 휴대폰 번호 뒤 4자리를 확인해주세요.',
  bookingPhone4Invalid: '휴대폰 번호 뒤 4자리를 숫자로 입력해주세요.',
  bookingCodeInvalid: '예약 번호는 8자리 영문과 숫자입니다.',
  bookingCancelled: '예약이 취소되었습니다.',
  bookingAlreadyCancelled: '이미 취소된 예약입니다.',
  bookingCancelDeadlinePassed: '취소 가능 시간이 지나 예약을 취소할 수 없습니다.',
  bookingNotCancellable: '입장 확인 또는 노쇼 처리된 예약은 직접 취소할 수 없습니다. 현장에 문의해주세요.',
  bookingAdminNotFound: '예약을 찾을 수 없습니다.',
  bookingCheckedIn: '입장 확인되었습니다.',
  bookingMarkedNoShow: '노쇼로 처리했습니다.',
  bookingCancelledByAdmin: '예약을 취소하고 자리를 되돌렸습니다.',
  bookingStatusConflict: '이미 취소된 예약은 바꿀 수 없습니다.',
  bookingSearchInvalid: '검색어는 예약 번호 또는 휴대폰 번호 뒤 4자리 이상으로 입력해주세요.',
  bookingsErased: (count: number) =>
    `보관 기간이 지난 예약 ${count}건의 이름, 휴대폰 번호와 이메일 주소를 파기했습니다.`,
  configRetentionDays: '는 1–3650 사이의 정수(일)여야 합니다',
  configQueueActiveLimit: '는 1–10000 사이의 정수(명)여야 합니다',
  configQueueWindow: '는 30–3600 사이의 정수(초)여야 합니다',
  /**
   * docs/decisions/0076-calendar-and-reminders.md: the optional email address of a booking (CreateBookingDto), for the
   * reminder.
   */
  bookingEmailInvalid: '이메일 주소 형식이 올바르지 않습니다. (예: name@example.com)',
  bookingEmailTooLong: '이메일 주소는 254자 이하로 입력해주세요.',
  bookingEmailConsentRequired: '예약 알림을 이메일로 받으려면 이메일 수신에 동의해주세요.',
  /**
   * docs/decisions/0076-calendar-and-reminders.md: the calendar file of a booking
   * (`GET /api/reserve/bookings/:code/calendar.ics`).
   */
  bookingCalendar: {
    /** The popup's name when the administrator has not saved the popup information yet. */
    titleFallback: '팝업 예약',
    summary: (title: string, turn: string | null) => (turn ? `${title} ${turn}회차` : title),
    description: (code: string, party: number, confirmationUrl: string) =>
      `예약 번호: ${code}\n인원: ${party}명\n예약 확인·취소: ${confirmationUrl}`,
    cancelledPrefix: '[취소됨] ',
  },
  /**
   * docs/decisions/0076-calendar-and-reminders.md: the reminder email (bookings/booking-reminder.service.ts). Times are
   * Seoul wall times.
   */
  bookingReminder: {
    subject: (title: string, day: string, time: string) => `[예약 알림] ${day} ${time} ${title}`,
    greeting: (name: string, title: string) => `${name} 님, ${title} 방문 예약을 알려드립니다.`,
    when: (day: string, window: string, turn: string | null) => `일시: ${day} ${window}${turn ? ` (${turn}회차)` : ''}`,
    place: (place: string) => `장소: ${place}`,
    party: (n: number) => `인원: ${n}명`,
    code: (code: string) => `예약 번호: ${code}`,
    link: (url: string) => `예약 확인·취소: ${url} (휴대폰 번호 뒤 4자리로 확인할 수 있습니다)`,
    cancelUntil: (deadline: string) => `취소는 ${deadline}까지 예약 확인 화면에서 할 수 있습니다.`,
    cancelClosed: '취소 가능 시간이 지났습니다. 방문하지 못하시면 현장에 알려주세요.',
    footer: (days: number) =>
      `예약할 때 예약 알림을 이메일로 받겠다고 동의하셔서 한 번 보내드리는 메일입니다. 이메일 주소는 방문 회차가 끝나고 ${days}일이 지나면 파기합니다.`,
  },
  remindersOff: '예약 알림: SMTP_URL 이 설정되지 않아 예약 알림 메일을 보내지 않습니다.',
  remindersOn: (hours: number) => `예약 알림: 방문 회차 시작 ${hours}시간 전에 예약 알림 메일을 보냅니다.`,
  remindersSent: (count: number) => `예약 알림 메일 ${count}건을 보냈습니다.`,
  /** A send that failed; `reason` is the SMTP reply code or error code only, never an address. */
  reminderFailed: (reason: string, retry: boolean) =>
    `예약 알림 메일 1건을 보내지 못했습니다 (${reason}). ${retry ? '다음 차례에 다시 보냅니다.' : '주소가 거부되어 다시 보내지 않습니다.'}`,
  reminderRoundFailed: (reason: string) => `예약 알림 작업이 실패했습니다: ${reason}`,
  configReminderHours: '는 1–720 사이의 정수(시간)여야 합니다',
  configReminderCheck: '는 1–3600 사이의 정수(초)여야 합니다',
  configSmtpUrl: '는 smtp:// 또는 smtps:// 로 시작하는 주소여야 합니다 (예: smtp://user:password@mail.example.com:587)',
  configSmtpFrom: '는 보내는 사람 주소여야 합니다 (예: no-reply@example.com 또는 "링크 & 일정" <no-reply@example.com>)',
  configSmtpFromRequired: '는 SMTP_URL 을 설정하면 꼭 필요합니다 (예약 알림 메일의 보내는 사람 주소)',
  configPublicUrlForReminders: '는 SMTP_URL 을 설정하면 꼭 필요합니다 (예약 알림 메일에 넣는 예약 확인 주소)',
  bookingCsv: {
    header: [
      '예약 번호',
      '회차',
      '시작 일시',
      '이름',
      '휴대폰 번호',
      '이메일',
      '인원',
      '상태',
      '예약 일시',
      '취소 일시',
      '입장 일시',
    ],
    status: { booked: '예약', cancelled: '취소', checked_in: '입장', no_show: '노쇼' },
    erased: '(파기됨)',
  },

  invalidImageKey: '잘못된 이미지 키 형식입니다.',
  invalidImageWidth: '이미지 너비(w)는 320, 640, 1280 중 하나여야 합니다.',
  invalidOgImageVersion: '미리보기 이미지 버전(v)이 올바르지 않습니다. 페이지가 알려 준 주소를 그대로 쓰세요.',
  imageNotFound: '이미지를 찾을 수 없습니다.',
  imageUnreadable: '이미지 파일을 읽을 수 없습니다. JPEG, PNG, WebP, GIF, AVIF 파일만 올릴 수 있습니다.',
  imageTypeRefused: (format: string) =>
    `${format} 형식은 올릴 수 없습니다. JPEG, PNG, WebP, GIF, AVIF 파일만 올릴 수 있습니다.`,
  imageTooManyPixels: (megapixels: number) =>
    `이미지 해상도가 너무 큽니다. 최대 ${megapixels}메가픽셀까지 올릴 수 있습니다.`,
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
  imagelinkInvalid:
    '이미지 주소는 http:// 또는 https:// 로 시작하는 2048자 이하의 주소이거나 /api/images/<키> 형식이어야 합니다.',
  imagelinkUnknown: '등록되지 않은 이미지입니다.',
  linkCreated: '링크가 등록되었습니다.',
  linkUpdated: '링크가 수정되었습니다.',
  linkDeleted: '링크가 삭제되었습니다.',
  invalidPosition: '순서 값은 0 이상의 정수여야 합니다.',
  positionOutOfRange: '순서 값이 링크 목록의 범위를 벗어났습니다.',
  pcodeMismatch: '본문의 pcode는 경로의 새 위치(to)와 같아야 합니다.',
  reorderConflict: '다른 관리자가 순서를 바꿨습니다. 최신 순서로 다시 불러옵니다.',
  linksReordered: '순서가 변경되었습니다.',
  linkEditConflict:
    '다른 관리자가 이 링크를 먼저 수정했습니다. 저장된 내용과 비교한 뒤, 내 변경을 그 위에 적용해 다시 저장해주세요.',
  planEditConflict: '다른 관리자가 이 일정을 먼저 수정했습니다. 저장된 내용을 확인한 뒤 다시 저장해주세요.',
  planDeleteConflict: '다른 관리자가 이 일정을 먼저 수정했습니다. 바뀐 내용을 확인한 뒤 다시 삭제해주세요.',
  linkDeleteConflict: '다른 관리자가 이 링크를 먼저 수정했습니다. 바뀐 내용을 확인한 뒤 다시 삭제해주세요.',
  popupEditConflict: '다른 관리자가 이 팝업 예약을 먼저 수정했습니다. 저장된 내용을 확인한 뒤 다시 저장해주세요.',
  popupDeleteConflict: '다른 관리자가 이 팝업 예약을 먼저 수정했습니다. 바뀐 내용을 확인한 뒤 다시 삭제해주세요.',
  coverConflict: '다른 관리자가 커버 이미지를 먼저 변경했습니다. 지금 저장된 커버를 확인한 뒤 다시 변경해주세요.',
  versionInvalid: '버전(version)은 1 이상의 정수여야 합니다.',
  ifMatchInvalid: 'If-Match 헤더는 불러온 버전 번호(예: "3")여야 합니다.',
  versionMismatch: 'If-Match 헤더와 본문의 version이 서로 다릅니다.',
  linkEnabledInvalid: '공개 여부는 true 또는 false 여야 합니다.',
  /**
   * A value outside a choice field's (a field declared with its label and value names, like `LINK_DISCLOSURE` of
   * common/shared-rules.ts): `광고 표시는 none(표시 안 함), ad(광고), sponsored(협찬), affiliate(제휴) 중 하나여야 합니다.`
   */
  choiceInvalid: ({ label, names }: ChoiceField) =>
    `${josa(label, '은/는')} ${Object.entries(names)
      .map(([value, name]) => `${value}(${name})`)
      .join(', ')} 중 하나여야 합니다.`,
  linkShowFromInvalid:
    '공개 시작은 시간대가 포함된 ISO 8601 형식(예: 2026-11-21T19:00:00+09:00)의 실제 일시이거나 비워 두어야 합니다.',
  linkShowUntilInvalid:
    '공개 종료는 시간대가 포함된 ISO 8601 형식(예: 2026-11-21T19:00:00+09:00)의 실제 일시이거나 비워 두어야 합니다.',
  linkWindowOrder: '공개 종료는 공개 시작보다 늦어야 합니다.',

  backupForeign:
    '링크 & 일정 백업 파일이 아닙니다. 관리자 화면 ‘백업 및 복원’에서 ‘백업 파일 받기’로 받은 .tar.gz 파일을 그대로 올려주세요.',
  backupNewerFormat: (version: number, supported: number) =>
    `이 백업은 더 새로운 형식(v${version})으로 만들어져 이 버전(v${supported}까지 지원)에서는 복원할 수 없습니다. 사이트를 업데이트한 뒤 다시 시도해주세요.`,
  backupNewerSchema: (names: string[]) =>
    `이 백업은 이 사이트에 없는 데이터 구조(${names.join(', ')})에서 만들어졌습니다. 사이트를 업데이트한 뒤 다시 시도해주세요.`,
  backupDamaged: (entry: string) => `백업 파일이 손상되었습니다(${entry}). 다른 백업 파일로 다시 시도해주세요.`,
  backupTruncated: '백업 파일이 중간에 끊겨 있습니다. 파일을 끝까지 받았는지 확인해주세요.',
  backupUnexpectedEntry: (entry: string) => `백업 파일에 알 수 없는 항목이 있습니다(${entry}).`,
  /** docs/decisions/0096-smaller-hardening.md: a row of an archive with a column this version does not have. */
  backupUnknownColumn: (table: string, column: string) =>
    `이 버전에서 만든 백업 파일이 아닙니다: ${table} 표에 알 수 없는 열(${column})이 있습니다.`,
  /**
   * docs/decisions/0094-restore-validates.md: a row the API would refuse as input; `reason` is that refusal's sentence,
   * `row` counts from 1.
   */
  backupRowInvalid: (table: string, row: number, reason: string) =>
    `백업 파일의 ${table} ${row}번째 행은 복원할 수 없습니다: ${reason}`,
  /**
   * docs/decisions/0094-restore-validates.md: rows the database's own rules refused while restoring (a CHECK, a
   * reference, a type).
   */
  backupTableInvalid: (table: string) =>
    `백업 파일의 ${table} 표는 복원할 수 없습니다: 이 사이트의 데이터 규칙에 맞지 않는 행이 있습니다.`,
  backupTooLarge: (maxBytes: number) => `백업 파일이 너무 큽니다. 최대 ${maxBytes}바이트까지 올릴 수 있습니다.`,
  backupEntryTooLarge: (entry: string, maxBytes: number) =>
    `백업 파일의 항목이 너무 큽니다(${entry}, 압축을 풀면 최대 ${mebibytes(maxBytes)}MB). 이 사이트에서 만든 백업 파일인지 확인해주세요.`,
  backupUnpackedTooLarge: (maxBytes: number) =>
    `백업 파일의 압축을 풀면 너무 큽니다(최대 ${mebibytes(maxBytes)}MB). 이 사이트에서 만든 백업 파일인지 확인해주세요.`,
  backupRestored: '백업을 복원했습니다.',
  backupWritten: (counts: Record<string, number>) => `백업을 만들었습니다: ${JSON.stringify(counts)}`,
  backupRestoredLog: (counts: Record<string, number>) => `백업을 복원했습니다: ${JSON.stringify(counts)}`,
  backupChecked: '백업 파일을 확인했습니다. 복원하면 아래 내용으로 바뀝니다.',
  backupConfirm: '사이트의 링크, 일정, 팝업 예약, 커버, 이미지, 방문 통계를 이 백업으로 바꿀까요?',
  backupCancelled: '복원하지 않았습니다.',
  backupSaved: (file: string, counts: Record<string, number>) =>
    `백업을 저장했습니다: ${file} ${JSON.stringify(counts)}`,
  analyticsBodyTooLarge: (maxBytes: number) => `분석 이벤트 요청은 ${maxBytes}바이트를 넘을 수 없습니다.`,
  analyticsContentType: '분석 이벤트는 text/plain 또는 application/json 형식의 UTF-8 본문으로 보내야 합니다.',
  analyticsMalformed: '분석 이벤트 본문이 올바른 JSON 이 아닙니다.',
  analyticsBadCharacters: '분석 이벤트에 사용할 수 없는 문자(제어 문자나 깨진 문자)가 있습니다.',
  analyticsEventsInvalid: '분석 이벤트는 events 목록에 1개 이상 20개 이하로 담아 보내야 합니다.',
  analyticsEventInvalid: '분석 이벤트 하나하나는 객체여야 합니다.',
  analyticsTypeInvalid: '이벤트 종류(type)는 pageview, click, remote_error 중 하나여야 합니다.',
  analyticsPathInvalid: '경로(path)는 / 로 시작하는 300자 이하의 주소 경로여야 합니다 (?, # 없이).',
  analyticsLinkIdInvalid: '링크 ID(linkId)는 1 이상 2147483647 이하의 정수여야 합니다.',
  analyticsKeywordInvalid: '키워드(keyword)는 1자 이상 30자 이하의 문자열이어야 합니다.',
  analyticsReferrerInvalid:
    '유입 주소(referrer)는 비어 있거나 http:// 또는 https:// 로 시작하는 2048자 이하의 주소여야 합니다.',
  analyticsUtmInvalid: 'utm 은 source(1자 이상 100자 이하의 문자열) 하나만 담은 객체여야 합니다.',
  analyticsRemoteInvalid:
    '원격 모듈 이름(remote)은 영문 소문자로 시작하고 영문 소문자, 숫자, _ 로만 된 40자 이하의 이름이어야 합니다.',
  analyticsVersionInvalid: '버전(version)은 6자 이상 64자 이하의 16진수(소문자)이거나, 모를 때는 - 여야 합니다.',
  analyticsRemoteErrorFields:
    '원격 모듈 오류(remote_error) 이벤트에는 path, remote, version 만 있어야 하고, 페이지뷰와 클릭 이벤트에는 remote 와 version 이 없어야 합니다.',
  analyticsClickTarget:
    '클릭 이벤트에는 linkId 와 keyword 중 하나만 있어야 하고, 페이지뷰 이벤트에는 둘 다 없어야 합니다.',
  analyticsDaysInvalid: '기간(days)은 7, 30, 90 중 하나여야 합니다.',
  analyticsWriteFailed: (count: number, reason: string) =>
    `방문 통계 이벤트 ${count}개를 저장하지 못했습니다: ${reason}`,
  analyticsRollupFailed: (reason: string) => `방문 통계 집계에 실패했습니다. 다음 주기에 다시 시도합니다: ${reason}`,

  databaseDown: '데이터베이스에 연결할 수 없습니다.',
  serverStopping: '서버가 종료 중입니다. 잠시 후 다시 시도해주세요.',

  issuerUnavailable: '인증 서버에 연결할 수 없습니다.',
  /**
   * docs/decisions/0080-people-invites-totp.md: a valid access token of an account the owner disabled
   * (admins/disabled-accounts.ts).
   */
  accountDisabled: '사용이 중지된 계정입니다. 관리자에게 문의하세요.',
  /** docs/decisions/0080-people-invites-totp.md "People": `/api/people` (people/). */
  personIdInvalid: '계정 ID가 올바르지 않습니다.',
  personUsernameRequired: '아이디를 입력해주세요.',
  personUsernameInvalid: '아이디는 영문 소문자, 숫자, 마침표(.), 밑줄(_), 하이픈(-)으로 된 3–32자여야 합니다.',
  personNameRequired: '이름을 입력해주세요.',
  personNameTooLong: '이름은 40자 이하여야 합니다.',
  personEmailInvalid: '이메일은 비워 두거나 name@example.com 같은 주소(254자 이하)로 입력해주세요.',
  personRoleInvalid: '역할은 owner(소유자), editor(편집자), staff(스태프) 중 하나여야 합니다.',
  personDisabledInvalid: 'disabled 값은 true 또는 false 여야 합니다.',
  personPatchEmpty: '바꿀 내용(role 또는 disabled)을 보내주세요.',
  personNotFound: '해당 계정을 찾을 수 없습니다.',
  personInvited: '초대 링크를 만들었습니다. 24시간 안에 한 번만 쓸 수 있으니 초대할 분께 바로 전달해주세요.',
  personReinvited: '새 초대 링크를 만들었습니다. 이 링크로 비밀번호를 새로 정할 수 있습니다.',
  personUpdated: '계정 정보를 바꿨습니다.',
  personDisabled: '계정 사용을 중지했습니다. 이 계정의 로그인은 바로 끝납니다.',
  personEnabled: '계정을 다시 사용할 수 있게 했습니다.',
  /** The identity provider answered an error without a sentence of its own. */
  personRefused: '계정 서버가 요청을 처리하지 못했습니다.',
  peopleInKeycloak: '이 사이트의 계정은 Keycloak 에서 관리합니다. Keycloak 관리 콘솔의 사용자 화면에서 관리해주세요.',
  peopleIdpUnavailable: '계정 서버(인증 서버)에 연결할 수 없습니다. 잠시 후 다시 시도해주세요.',
  loggedIn: '로그인되었습니다.',

  configError: (variable: string, reason: string) => `설정 오류: ${variable} ${reason}`,
  configPort: '는 1–65535 사이의 정수여야 합니다',
  configDatabaseUrl: '는 postgres:// 또는 postgresql:// 로 시작하는 주소여야 합니다',
  configBoolean: '는 true/false/1/0 중 하나여야 합니다',
  configPositiveInt: '는 1 이상의 정수여야 합니다',
  configNonEmpty: '는 비어 있을 수 없습니다',
  configHttpUrl: '는 http:// 또는 https:// 로 시작하는 주소여야 합니다 (쿼리와 # 없이)',
  configSiteName: '는 100자 이하여야 합니다',
  configSiteDescription: '는 300자 이하여야 합니다',
  configClockTolerance: '는 0–300 사이의 정수(초)여야 합니다',
  configShutdownTimeout: '는 0–600000 사이의 정수(밀리초)여야 합니다',
  configTestOnly: '는 테스트용입니다. NODE_ENV=production 에서는 쓸 수 없습니다',
  configRawRetention: '는 2–3650 사이의 정수(일)여야 합니다',
  configRollupRetention: '는 90–36500 사이의 정수(일)여야 합니다',
  configIngestFlush: '는 0–60000 사이의 정수(밀리초)여야 합니다 (0 은 요청마다 바로 저장)',
  configIngestNiceness: '는 0–19 사이의 정수여야 합니다 (클수록 API 에 CPU 를 양보합니다)',
  configDailyBudget: '는 1000–1000000000 사이의 정수(하루에 저장할 이벤트 수)여야 합니다',
  configRollupInterval: '는 0–86400 사이의 정수(초)여야 합니다 (0 은 주기 집계 끔)',
  configRedisUrl: '는 redis:// 또는 rediss:// 로 시작하는 주소여야 합니다',
  configPublicCacheEntries: '는 0–100000 사이의 정수여야 합니다 (0 은 공개 응답 캐시 끔)',
  configImageCacheBytes: '는 0–4294967296 사이의 정수(바이트)여야 합니다 (0 은 이미지 메모리 캐시 끔)',
  publicCacheChannel: (channel: string) => `공개 응답 캐시: 무효화 채널 ${channel} 에 연결했습니다`,
  publicCacheChannelLost: (channel: string, reason: string) =>
    `공개 응답 캐시: 무효화 채널 ${channel} 연결이 끊겨 다시 연결할 때까지 캐시를 쓰지 않습니다 (${reason})`,
  configLogLevel: '는 fatal, error, warn, info, debug, trace, silent 중 하나여야 합니다',
  configLogFormat: '는 json 또는 pretty 여야 합니다',
  configMetricsToken: '는 16자 이상이어야 합니다',
  redisUnavailable: (reason: string) => `Redis 에 연결할 수 없습니다: ${reason}`,
  rateLimitPerProcess: (reason: string) => `Redis 에 연결할 수 없어 요청 제한을 이 프로세스 안에서만 셉니다: ${reason}`,

  embeddedLocked: (lockFile: string, pid: number) =>
    `내장 데이터베이스가 이미 다른 프로세스(pid ${pid})에서 사용 중입니다: ${lockFile}\n` +
    `The embedded database is already in use by process ${pid} (lock file ${lockFile}). Stop that process, or set DATABASE_URL.`,
  embeddedStaleLock: (lockFile: string, pid: number) =>
    `이전 실행(pid ${pid})이 남긴 잠금 파일을 정리합니다: ${lockFile}`,
  embeddedStarting: (dir: string) => `내장 PostgreSQL(PGlite)을 시작합니다: ${dir}`,
  embeddedStarted: (socket: string) =>
    `내장 PostgreSQL 준비 완료: 유닉스 소켓 ${socket} (TCP 포트 없음, 이 OS 계정만 접속할 수 있습니다)`,
  embeddedSocketElsewhere: (dir: string, maxBytes: number) =>
    `데이터 디렉터리 경로가 길어 소켓 경로가 ${maxBytes}바이트를 넘으므로, 내장 PostgreSQL 의 소켓을 이 계정 전용 임시 디렉터리에 둡니다: ${dir}`,
  embeddedSocketPathTooLong: (socket: string, maxBytes: number) =>
    `내장 데이터베이스의 소켓 경로가 ${maxBytes}바이트를 넘고, 임시 디렉터리 아래도 마찬가지입니다: ${socket}. DATA_DIR 또는 TMPDIR 을 더 짧게 설정하세요.\n` +
    `The embedded database's socket path is longer than ${maxBytes} bytes (${socket}), and so is one under the temporary directory. Set a shorter DATA_DIR or TMPDIR.`,

  migrationsPending: (names: string[], command: string) =>
    `데이터베이스에 적용되지 않은 마이그레이션이 있습니다(${names.join(', ')}). MIGRATIONS_RUN=false 이므로 먼저 마이그레이션 명령을 실행하세요: ${command}\n` +
    `Pending migrations (${names.join(', ')}) and MIGRATIONS_RUN=false: apply them first with ${command}.`,
  migrationLockWaiting:
    '다른 프로세스가 마이그레이션 중입니다. 끝날 때까지 기다립니다. (waiting for the migration lock)',
  migrationsRan: (names: string[]) => `마이그레이션 ${names.length}개를 적용했습니다: ${names.join(', ')}`,
  migrationsNonePending: '적용할 마이그레이션이 없습니다. 스키마가 최신입니다.',
  migrateFailed: (reason: string) => `마이그레이션에 실패했습니다: ${reason}\nMigration failed: ${reason}`,

  apiReady: (url: string) => `API 준비 완료: ${url}`,
  shuttingDown: (signal: string) => `${signal} 신호를 받아 종료합니다.`,
  stopped: '정상 종료되었습니다.',
  drainTimedOut: (ms: number, open: number) => `${ms}ms 안에 끝나지 않은 연결 ${open}개를 끊습니다.`,
  startFailed: 'API 를 시작하지 못했습니다.',
  ingestReady: (url: string) => `분석 수집 서버 준비 완료: ${url}`,
  ingestStartFailed: '분석 수집 서버를 시작하지 못했습니다.',
  configIngestNeedsServer:
    '설정이 없습니다. 분석 수집 서버는 API 와 같은 PostgreSQL 서버에 따로 연결하므로 그 주소가 필요합니다. 내장 데이터베이스는 한 연결만 받으므로, 내장 기본값으로 실행할 때는 API 가 직접 수집합니다.',
  seededOnEmpty: '빈 데이터베이스에 데모 카탈로그를 넣었습니다.',
  seedAdded: (r: { linksAdded: number; plansAdded: number; coverAdded: boolean }) =>
    `추가: 링크 ${r.linksAdded}개, 일정 ${r.plansAdded}개, 커버 ${r.coverAdded ? 1 : 0}개`,
  seedCounts: (c: { links: number; plans: number; images: number; cover: boolean }) =>
    `데모 카탈로그: 링크 ${c.links}개, 일정 ${c.plans}개, 이미지 ${c.images}개, 커버 ${c.cover ? '있음' : '없음'}`,
} as const;
