import { messages } from '../common/messages';
import { LINK_DISCLOSURE } from '../common/shared-rules';
import { checkColumns, checkRows } from './check-rows';
import { BackupError } from './read-backup';

/** Rows as `row_to_json` writes them (write-backup.ts), one valid row of each table with an API input. */
const link = {
  id: 7,
  pname: '수제 딸기잼 세트',
  tags: ['간식', '선물추천'],
  link: 'https://smartstore.naver.com/x/products/1',
  imagelink: null,
  image_key: null,
  pcode: 0,
  created_at: '2026-11-20T03:00:00.123456+00:00',
  updated_at: '2026-11-20T03:00:00.123456+00:00',
  enabled: true,
  show_from: '2026-12-01T01:00:00+00:00',
  show_until: null,
  version: 3,
  disclosure: 'ad',
};
const plan = { id: 1, title: '신상품 사전 예약', startdate: '2026-11-21', enddate: '2026-11-23', version: 1 };
const slot = {
  id: 1,
  cnt: '1',
  startdate: '2026-12-05T02:00:00+00:00',
  enddate: '2026-12-05T03:00:00+00:00',
  head_count: 20,
  bookable_tables: 5,
  booking_opens_at: null,
  booking_closes_at: null,
  cancel_hours_before: 24,
  party_min: 1,
  party_max: 4,
  booking_enabled: true,
  booked_people: 2,
  booked_tables: 1,
  version: 1,
};
const info = {
  id: 1,
  title: '겨울 팝업',
  place: '성수동 1층',
  notice: '노쇼 시 다음 예약이 제한됩니다.',
  image_key: null,
};
const booking = {
  id: 1,
  slot_id: 1,
  code: 'ABCDEFGH',
  name: '김예약',
  phone: '01012345678',
  party_size: 2,
  status: 'booked',
  idempotency_key: 'backup-spec-booking-0001',
  consent_at: '2026-11-20T03:00:00+00:00',
  created_at: '2026-11-20T03:00:00+00:00',
  erased_at: null,
};

const valid = { links: [link], plans: [plan], popup_slots: [slot], popup_info: [info], bookings: [booking] };
/**
 * A booking with an address for its reminder (docs/decisions/0076-calendar-and-reminders.md), and an older archive's
 * row without the column.
 */
const withEmail = { ...booking, email: 'visitor@example.com', reminded_at: null };

async function refusal(tables: Record<string, Record<string, unknown>[]>): Promise<string> {
  const error = await checkRows(tables).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(BackupError);
  return (error as BackupError).message;
}

describe('checkRows: every archive row passes the API input rules of its table (docs/decisions/0094-restore-validates.md)', () => {
  it('passes the rows a site writes, an erased booking and rows of an archive older than some columns', async () => {
    await expect(checkRows(valid)).resolves.toBeUndefined();
    await expect(checkRows({ ...valid, bookings: [withEmail] })).resolves.toBeUndefined();
    const erased = { ...booking, id: 2, name: null, phone: null, erased_at: '2027-02-20T03:00:00+00:00' };
    const { enabled: _e, show_from: _f, show_until: _u, version: _v, disclosure: _d, ...olderLink } = link;
    const { party_min: _min, party_max: _max, booking_enabled: _b, version: _sv, ...olderSlot } = slot;
    await expect(
      checkRows({ links: [olderLink], popup_slots: [olderSlot], bookings: [erased], analytics_daily: [{ x: 1 }] }),
    ).resolves.toBeUndefined();
  });

  it('refuses the first failing row with its table, its place and the API sentence', async () => {
    const links = [link, { ...link, id: 8 }, { ...link, id: 9, link: 'javascript:alert(1)' }];
    expect(await refusal({ ...valid, links })).toBe(
      '백업 파일의 links 3번째 행은 복원할 수 없습니다: 링크 주소는 http:// 또는 https:// 로 시작하는 2048자 이하의 주소여야 합니다.',
    );
    const cases: [string, Record<string, unknown>, string][] = [
      ['links', { ...link, link: ' java\tscript:alert(1)' }, messages.linkUrlInvalid],
      ['links', { ...link, tags: ['가'.repeat(31)] }, messages.tagTooLong],
      ['links', { ...link, tags: `{${[...Array(21).keys()].join(',')}}` }, messages.tagNotString],
      ['links', { ...link, enabled: 'yes' }, messages.linkEnabledInvalid],
      ['links', { ...link, show_until: '2026-13-01T00:00:00+00:00' }, messages.linkShowUntilInvalid],
      ['links', { ...link, pname: '\u200b' }, messages.invisibleText('pname')],
      ['links', { ...link, version: 0 }, messages.versionInvalid],
      // docs/decisions/0070-disclosure-label.md: the disclosure is one of the four, checked through the DTO like every
      // other link field.
      ['links', { ...link, disclosure: 'advert' }, messages.choiceInvalid(LINK_DISCLOSURE)],
      ['links', { ...link, disclosure: null }, messages.choiceInvalid(LINK_DISCLOSURE)],
      ['plans', { ...plan, enddate: '2026-11-20' }, messages.planEndBeforeStart],
      ['popup_slots', { ...slot, enddate: slot.startdate }, messages.popupEndBeforeStart],
      ['popup_slots', { ...slot, party_max: 51 }, messages.popupPartyMaxInvalid],
      ['popup_info', { ...info, notice: '가'.repeat(2001) }, messages.popupInfoNoticeInvalid],
      ['bookings', { ...booking, consent_at: null }, messages.bookingConsentRequired],
      ['bookings', { ...booking, party_size: 0 }, messages.bookingPartySizeInvalid],
      ['bookings', { ...booking, email: 'not-an-address' }, messages.bookingEmailInvalid],
      ['bookings', { ...booking, email: `${'a'.repeat(250)}@x.kr` }, messages.bookingEmailTooLong],
    ];
    for (const [table, row, reason] of cases) {
      expect([table, await refusal({ ...valid, [table]: [row] })]).toEqual([
        table,
        messages.backupRowInvalid(table, 1, reason),
      ]);
    }
  });
});

describe('checkColumns: a column this version does not have refuses the archive (docs/decisions/0096-smaller-hardening.md)', () => {
  const known = new Map([['links', new Set(Object.keys(link))]]);

  it('passes rows with fewer columns, and names the table and the column of one with more', () => {
    const { version: _v, ...older } = link;
    expect(() => checkColumns({ links: [link, older] }, known)).not.toThrow();
    expect(() => checkColumns({ links: [link, { ...link, shadow_url: 'javascript:alert(1)' }] }, known)).toThrow(
      new BackupError('이 버전에서 만든 백업 파일이 아닙니다: links 표에 알 수 없는 열(shadow_url)이 있습니다.'),
    );
    expect(() => checkColumns({ future_table: [{ id: 1 }] }, known)).toThrow(
      new BackupError(messages.backupUnknownColumn('future_table', 'id')),
    );
  });
});
