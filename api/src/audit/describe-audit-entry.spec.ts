import { AUDIT_SUBJECTS, NOT_AUDITED } from './audit-subjects';
import { DESCRIBED_ROUTES, describeAuditEntry } from './describe-audit-entry';

/** Rows as `to_jsonb` gives them (AuditService.snapshot): column names of the table, timestamps in UTC. */
const KEY_A = 'a'.repeat(64);
const KEY_B = 'b'.repeat(64);
const link = (over: Record<string, unknown> = {}) => ({
  id: 7,
  pname: '수제 딸기잼 세트',
  tags: ['간식', '선물'],
  link: null,
  imagelink: null,
  image_key: null,
  pcode: 2,
  enabled: true,
  show_from: null,
  show_until: null,
  version: 1,
  disclosure: 'none',
  created_at: '2026-11-20T03:00:00.123+00:00',
  updated_at: '2026-11-20T03:00:00.123+00:00',
  ...over,
});
const plan = (over: Record<string, unknown> = {}) => ({
  id: 3,
  title: '겨울 전시',
  startdate: '2026-12-01',
  enddate: '2026-12-03',
  version: 1,
  created_at: '2026-11-20T03:00:00+00:00',
  updated_at: '2026-11-20T03:00:00+00:00',
  ...over,
});
const slot = (over: Record<string, unknown> = {}) => ({
  id: 4,
  cnt: '1',
  startdate: '2026-12-01T05:00:00+00:00',
  enddate: '2026-12-01T07:00:00+00:00',
  head_count: 30,
  bookable_tables: 10,
  booking_opens_at: null,
  booking_closes_at: null,
  cancel_hours_before: 24,
  party_min: 1,
  party_max: 4,
  booking_enabled: true,
  booked_people: 6,
  booked_tables: 2,
  version: 2,
  created_at: '2026-11-20T03:00:00+00:00',
  updated_at: '2026-11-20T03:00:00+00:00',
  ...over,
});
const booking = (over: Record<string, unknown> = {}) => ({
  id: 11,
  slot_id: 4,
  code: 'ABCD2345',
  party_size: 2,
  status: 'booked',
  idempotency_key: 'idem-1',
  consent_at: '2026-11-20T03:00:00+00:00',
  created_at: '2026-11-20T03:00:00+00:00',
  cancelled_at: null,
  checked_in_at: null,
  no_show_at: null,
  erased_at: null,
  ...over,
});
const info = (over: Record<string, unknown> = {}) => ({
  id: 1,
  title: '겨울 팝업',
  place: '성수동',
  notice: '10분 늦으면 취소됩니다.',
  image_key: null,
  updated_at: '2026-11-20T03:00:00+00:00',
  ...over,
});

const entry = (
  method: string,
  route: string,
  entity: string | null,
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
  entityId: number | null = (after ?? before)?.id as number,
) => ({ method, route, entity, entityId, before, after });

/**
 * docs/decisions/0082-korean-audit-log.md: every entity × action in the screens' words, for every subject of
 * audit-subjects.ts.
 */
describe('describeAuditEntry', () => {
  describe('links', () => {
    it('a creation with its photo: named, (사진 포함), the fields it set with their form labels, nothing internal', () => {
      const created = link({ image_key: KEY_A, link: 'https://shop.example/jam' });
      expect(describeAuditEntry(entry('POST', '/api/store/create/with-image', 'link', null, created))).toEqual({
        title: '링크 ‘수제 딸기잼 세트’ 추가 (사진 포함)',
        changes: [
          { field: 'pname', label: '링크 이름', before: null, after: '수제 딸기잼 세트' },
          { field: 'tags', label: '태그', before: null, after: '간식, 선물' },
          { field: 'link', label: '구매 사이트 링크', before: null, after: 'https://shop.example/jam' },
          { field: 'photo', label: '사진', before: null, after: '올린 사진' },
          { field: 'enabled', label: '방문자에게 공개', before: null, after: '예' },
        ],
      });
    });

    it('a creation without a photo says nothing of one; with an image address, it is (사진 포함)', () => {
      expect(describeAuditEntry(entry('POST', '/api/store/create', 'link', null, link())).title).toBe(
        '링크 ‘수제 딸기잼 세트’ 추가',
      );
      const withUrl = link({ imagelink: 'https://img.example/jam.jpg' });
      const described = describeAuditEntry(entry('POST', '/api/store/create', 'link', null, withUrl));
      expect(described.title).toBe('링크 ‘수제 딸기잼 세트’ 추가 (사진 포함)');
      expect(described.changes).toContainEqual({
        field: 'photo',
        label: '사진',
        before: null,
        after: 'https://img.example/jam.jpg',
      });
    });

    it('an update lists only what changed: Seoul times, 예/아니요, (비어 있음); never version or updated_at', () => {
      const before = link();
      const after = link({
        pname: '딸기잼 세트',
        enabled: false,
        show_from: '2026-11-26T21:13:00+00:00',
        link: 'https://shop.example/jam',
        version: 2,
        updated_at: '2026-11-21T00:00:00+00:00',
      });
      expect(describeAuditEntry(entry('PUT', '/api/main/update/:id', 'link', before, after))).toEqual({
        title: '링크 ‘딸기잼 세트’ 수정',
        changes: [
          { field: 'pname', label: '링크 이름', before: '수제 딸기잼 세트', after: '딸기잼 세트' },
          { field: 'link', label: '구매 사이트 링크', before: '(비어 있음)', after: 'https://shop.example/jam' },
          { field: 'enabled', label: '방문자에게 공개', before: '예', after: '아니요' },
          { field: 'showFrom', label: '공개 시작', before: '제한 없음', after: '2026년 11월 27일 오전 6:13' },
        ],
      });
    });

    it('광고 표시 (docs/decisions/0070-disclosure-label.md): each value by its Korean name; none is 표시 안 함, left out of a creation', () => {
      const created = describeAuditEntry(entry('POST', '/api/store/create', 'link', null, link({ disclosure: 'ad' })));
      expect(created.changes).toContainEqual({ field: 'disclosure', label: '광고 표시', before: null, after: '광고' });
      const plain = describeAuditEntry(entry('POST', '/api/store/create', 'link', null, link()));
      expect(plain.changes.map((change) => change.field)).not.toContain('disclosure');
      const changed = (before: string | undefined, after: string) =>
        describeAuditEntry(
          entry('PUT', '/api/main/update/:id', 'link', link({ disclosure: before }), link({ disclosure: after })),
        ).changes;
      expect(changed('none', 'sponsored')).toEqual([
        { field: 'disclosure', label: '광고 표시', before: '표시 안 함', after: '협찬' },
      ]);
      expect(changed('affiliate', 'none')).toEqual([
        { field: 'disclosure', label: '광고 표시', before: '제휴', after: '표시 안 함' },
      ]);
      // A snapshot taken before the column existed reads as none: no change invented.
      expect(changed(undefined, 'none')).toEqual([]);
    });

    it('an update with a new photo (with-image): one uploaded photo for another reads 이전 사진 → 새 사진', () => {
      const described = describeAuditEntry(
        entry('PUT', '/api/main/update/:id/with-image', 'link', link({ image_key: KEY_A }), link({ image_key: KEY_B })),
      );
      expect(described).toEqual({
        title: '링크 ‘수제 딸기잼 세트’ 수정',
        changes: [{ field: 'photo', label: '사진', before: '이전 사진', after: '새 사진' }],
      });
    });

    it('a deletion is one line, its name, not every column', () => {
      expect(describeAuditEntry(entry('DELETE', '/api/main/delete/:id', 'link', link(), null))).toEqual({
        title: '링크 ‘수제 딸기잼 세트’ 삭제',
        changes: [],
      });
    });

    it('a move names the link and its place, counted from 1', () => {
      expect(
        describeAuditEntry(
          entry('PUT', '/api/main/update/order/:id/:to/:from', 'link', link({ pcode: 2 }), link({ pcode: 0 })),
        ),
      ).toEqual({
        title: '링크 ‘수제 딸기잼 세트’ 순서 변경',
        changes: [{ field: 'position', label: '순서', before: '3번째', after: '1번째' }],
      });
    });

    it('an image upload (POST /api/image has no before): the photo only', () => {
      expect(describeAuditEntry(entry('POST', '/api/image', 'link', null, link({ image_key: KEY_A })))).toEqual({
        title: '링크 ‘수제 딸기잼 세트’ 사진 변경',
        changes: [{ field: 'photo', label: '사진', before: null, after: '올린 사진' }],
      });
      expect(
        describeAuditEntry(
          entry('PUT', '/api/image/:id', 'link', link({ image_key: KEY_A }), link({ image_key: KEY_B })),
        ),
      ).toEqual({
        title: '링크 ‘수제 딸기잼 세트’ 사진 변경',
        changes: [{ field: 'photo', label: '사진', before: '이전 사진', after: '새 사진' }],
      });
    });

    it('without a snapshot the link is named by its id', () => {
      expect(describeAuditEntry(entry('PUT', '/api/main/update/:id', 'link', null, null, 9))).toEqual({
        title: '링크 #9 수정',
        changes: [],
      });
    });
  });

  describe('plans', () => {
    it('created, updated (days as 2026년 12월 1일, label 내용 as on the form) and deleted', () => {
      expect(describeAuditEntry(entry('POST', '/api/plan', 'plan', null, plan()))).toEqual({
        title: '일정 ‘겨울 전시’ 추가',
        changes: [
          { field: 'title', label: '내용', before: null, after: '겨울 전시' },
          { field: 'startdate', label: '시작일', before: null, after: '2026년 12월 1일' },
          { field: 'enddate', label: '종료일', before: null, after: '2026년 12월 3일' },
        ],
      });
      expect(
        describeAuditEntry(
          entry('PUT', '/api/plan/update/:id', 'plan', plan(), plan({ enddate: '2026-12-05', version: 2 })),
        ),
      ).toEqual({
        title: '일정 ‘겨울 전시’ 수정',
        changes: [{ field: 'enddate', label: '종료일', before: '2026년 12월 3일', after: '2026년 12월 5일' }],
      });
      expect(describeAuditEntry(entry('DELETE', '/api/plan/delete/:id', 'plan', plan(), null))).toEqual({
        title: '일정 ‘겨울 전시’ 삭제',
        changes: [],
      });
    });
  });

  describe('popup slots', () => {
    it('created: named by turn and Seoul start; booked counters, version and timestamps left out', () => {
      const described = describeAuditEntry(entry('POST', '/api/popup', 'popup', null, slot()));
      expect(described.title).toBe('팝업 예약 ‘1회차 · 2026년 12월 1일 오후 2:00’ 추가');
      expect(described.changes).toEqual([
        { field: 'turn', label: '회차', before: null, after: '1회차' },
        { field: 'startdate', label: '시작 일시', before: null, after: '2026년 12월 1일 오후 2:00' },
        { field: 'enddate', label: '종료 일시', before: null, after: '2026년 12월 1일 오후 4:00' },
        { field: 'count', label: '인원', before: null, after: '30명' },
        { field: 'table', label: '예약 가능 테이블', before: null, after: '10개' },
        { field: 'cancelHoursBefore', label: '취소 마감', before: null, after: '시작 24시간 전까지' },
        { field: 'partyMin', label: '1회 최소 인원', before: null, after: '1명' },
        { field: 'partyMax', label: '1회 최대 인원', before: null, after: '4명' },
        { field: 'bookingEnabled', label: '예약 받기', before: null, after: '받음' },
      ]);
    });

    it('updated: the booking window in the form words (등록 즉시), a slot without a turn by its start', () => {
      const before = slot({ cnt: null });
      const after = slot({
        cnt: null,
        booking_opens_at: '2026-11-25T01:00:00+00:00',
        head_count: 40,
        booked_people: 8,
      });
      expect(describeAuditEntry(entry('PUT', '/api/popup/update/:id', 'popup', before, after))).toEqual({
        title: '팝업 예약 ‘2026년 12월 1일 오후 2:00’ 수정',
        changes: [
          { field: 'count', label: '인원', before: '30명', after: '40명' },
          {
            field: 'bookingOpensAt',
            label: '예약 오픈 일시',
            before: '등록 즉시',
            after: '2026년 11월 25일 오전 10:00',
          },
        ],
      });
    });

    it('deleted, and booking switched off and on', () => {
      expect(describeAuditEntry(entry('DELETE', '/api/popup/delete/:id', 'popup', slot(), null))).toEqual({
        title: '팝업 예약 ‘1회차 · 2026년 12월 1일 오후 2:00’ 삭제',
        changes: [],
      });
      const off = describeAuditEntry(
        entry('PUT', '/api/popup/:id/booking-enabled', 'popup', slot(), slot({ booking_enabled: false, version: 3 })),
      );
      expect(off).toEqual({
        title: '예약 받기 멈춤 · 1회차 · 2026년 12월 1일 오후 2:00',
        changes: [{ field: 'bookingEnabled', label: '예약 받기', before: '받음', after: '받지 않음' }],
      });
      const on = describeAuditEntry(
        entry('PUT', '/api/popup/:id/booking-enabled', 'popup', slot({ booking_enabled: false }), slot()),
      );
      expect(on.title).toBe('예약 받기 시작 · 1회차 · 2026년 12월 1일 오후 2:00');
    });
  });

  describe('bookings', () => {
    const stamp = '2026-12-01T05:10:00+00:00';
    it.each([
      ['check-in', 'checked_in', { checked_in_at: stamp }, '김하늘 님 예약 입장 확인', '입장 완료'],
      ['no-show', 'no_show', { no_show_at: stamp }, '김하늘 님 예약 노쇼 처리', '노쇼'],
      ['cancel', 'cancelled', { cancelled_at: stamp }, '김하늘 님 예약 취소', '취소됨'],
    ])('%s: by the name the booking holds, the state only, no phone', (action, status, stamps, title, label) => {
      const described = describeAuditEntry(
        entry('POST', `/api/popup/bookings/:id/${action}`, 'booking', booking(), booking({ status, ...stamps })),
        { bookingName: '김하늘' },
      );
      expect(described).toEqual({
        title,
        changes: [{ field: 'status', label: '상태', before: '예약 완료', after: label }],
      });
      expect(JSON.stringify(described)).not.toMatch(/010|idem|2026/);
    });

    it('once the name is erased (docs/decisions/0030-popup-bookings.md), by its code', () => {
      const checkIn = entry(
        'POST',
        '/api/popup/bookings/:id/check-in',
        'booking',
        booking(),
        booking({ status: 'checked_in' }),
      );
      expect(describeAuditEntry(checkIn, { bookingName: null }).title).toBe('예약 ABCD2345 입장 확인');
      expect(describeAuditEntry(checkIn).title).toBe('예약 ABCD2345 입장 확인');
    });
  });

  describe('popup information, cover, restore', () => {
    it('popup information saved, and its image', () => {
      expect(
        describeAuditEntry(entry('PUT', '/api/popup/info', 'popup-info', info(), info({ place: '성수동 2층' }))),
      ).toEqual({
        title: '팝업 안내 수정',
        changes: [{ field: 'place', label: '장소', before: '성수동', after: '성수동 2층' }],
      });
      expect(
        describeAuditEntry(entry('POST', '/api/popup/info/image', 'popup-info', info(), info({ image_key: KEY_A }))),
      ).toEqual({
        title: '팝업 안내 대표 이미지 변경',
        changes: [{ field: 'image', label: '대표 이미지', before: '(비어 있음)', after: '올린 사진' }],
      });
      // The first save creates the row.
      expect(describeAuditEntry(entry('PUT', '/api/popup/info', 'popup-info', null, info())).changes).toHaveLength(3);
    });

    it('the cover replaced, or set for the first time', () => {
      const cover = (key: string, version: number) => ({ id: 1, image_key: key, version, updated_at: 'x' });
      expect(describeAuditEntry(entry('POST', '/api/cover/image', 'cover', cover(KEY_A, 1), cover(KEY_B, 2)))).toEqual({
        title: '커버 이미지 변경',
        changes: [{ field: 'image', label: '커버 이미지', before: '이전 사진', after: '새 사진' }],
      });
      expect(describeAuditEntry(entry('POST', '/api/cover/image', 'cover', null, cover(KEY_A, 1)))).toEqual({
        title: '커버 이미지 변경',
        changes: [{ field: 'image', label: '커버 이미지', before: null, after: '올린 사진' }],
      });
    });

    it('a restore is one line', () => {
      expect(describeAuditEntry(entry('POST', '/api/backup/restore', 'site', null, null, null))).toEqual({
        title: '백업 복원',
        changes: [],
      });
    });
  });

  describe('people (docs/decisions/0080-people-invites-totp.md: entries people/people.service.ts writes itself)', () => {
    const person = (over: Record<string, unknown> = {}) => ({
      id: 'b1c2',
      username: 'haneul',
      name: '김하늘',
      role: 'editor',
      status: 'active',
      ...over,
    });
    const personEntry = (method: string, route: string, before: object | null, after: object) =>
      entry(method, route, 'person', before as Record<string, unknown> | null, after as Record<string, unknown>, null);

    it('an invitation names the person and the role in Korean', () => {
      expect(
        describeAuditEntry(
          personEntry('POST', '/api/people/invitations', null, person({ role: 'staff', status: 'invited' })),
        ),
      ).toEqual({
        title: '김하늘 님 초대 (스태프)',
        changes: [{ field: 'role', label: '역할', before: null, after: '스태프' }],
      });
    });

    it('a new link for an existing account is the password reset, with no fields', () => {
      expect(describeAuditEntry(personEntry('POST', '/api/people/:id/invitations', person(), person()))).toEqual({
        title: '김하늘 님 비밀번호 재설정 링크 발급',
        changes: [],
      });
    });

    it('a role change, a disable and an enable', () => {
      expect(describeAuditEntry(personEntry('PATCH', '/api/people/:id', person(), person({ role: 'staff' })))).toEqual({
        title: '김하늘 님 역할 변경: 편집자 → 스태프',
        changes: [{ field: 'role', label: '역할', before: '편집자', after: '스태프' }],
      });
      expect(
        describeAuditEntry(personEntry('PATCH', '/api/people/:id', person(), person({ status: 'disabled' }))),
      ).toEqual({
        title: '김하늘 님 사용 중지',
        changes: [{ field: 'status', label: '상태', before: '사용 중', after: '사용 중지' }],
      });
      expect(
        describeAuditEntry(personEntry('PATCH', '/api/people/:id', person({ status: 'disabled' }), person())).title,
      ).toBe('김하늘 님 다시 사용');
      expect(
        describeAuditEntry(
          personEntry('PATCH', '/api/people/:id', person(), person({ role: 'owner', status: 'disabled' })),
        ).title,
      ).toBe('김하늘 님 역할 변경: 편집자 → 소유자 · 김하늘 님 사용 중지');
    });

    it('a person without a name is named by the username', () => {
      expect(
        describeAuditEntry(
          personEntry('PATCH', '/api/people/:id', person({ name: '' }), person({ name: '', status: 'disabled' })),
        ).title,
      ).toBe('haneul 님 사용 중지');
    });
  });

  it('a write no rule knows (a route added later) still reads in Korean, with the route to find it', () => {
    expect(describeAuditEntry(entry('POST', '/api/new/thing', null, null, null, null))).toEqual({
      title: '기타 변경 (POST /api/new/thing)',
      changes: [],
    });
  });

  it('has a title of its own for every audited route of audit-subjects.ts', () => {
    // …and for the people routes, whose entries their service writes (NOT_AUDITED by the interceptor).
    const people = [...NOT_AUDITED].filter((route) => route.includes(' /api/people'));
    expect(people).toHaveLength(3);
    expect([...DESCRIBED_ROUTES].sort()).toEqual([...Object.keys(AUDIT_SUBJECTS), ...people].sort());
  });
});
