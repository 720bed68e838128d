import { adminBooking } from '../testing/admin-booking';
import { checkinVerdict, maskName, parseScannedCode } from './checkin';

describe('parseScannedCode: what the door scanner reads (docs/decisions/0081-camera-check-in.md)', () => {
  it.each([
    ['https://linksite.example/reserve/ABCD2345', 'ABCD2345'],
    ['http://localhost:3000/reserve/abcd2345/', 'ABCD2345'],
    ['https://linksite.example/reserve/ABCD2345?from=qr#top', 'ABCD2345'],
    ['ABCD2345', 'ABCD2345'],
    ['  abcd-2345 ', 'ABCD2345'],
    ['abcd 2345', 'ABCD2345'],
  ])('%s → %s', (text, code) => {
    expect(parseScannedCode(text)).toBe(code);
  });

  it.each([
    ['another page of the site', 'https://linksite.example/popup/ABCD2345'],
    ['a deeper path', 'https://linksite.example/reserve/ABCD2345/cancel'],
    ['the booking page itself', 'https://linksite.example/reserve'],
    ['a letter outside the alphabet (O, I, 0, 1)', 'ABCD234O'],
    ['seven characters', 'ABCD234'],
    ['nine characters', 'ABCD23456'],
    ['a code in another URL scheme', 'mailto:ABCD2345'],
    ['a broken URL', 'https://'],
    ['empty', ''],
  ])('%s: null', (_name, text) => {
    expect(parseScannedCode(text)).toBeNull();
  });
});

describe('maskName: the name shown at the door', () => {
  it.each([
    ['김하늘', '김*늘'],
    ['남궁민수', '남**수'],
    ['이준', '이*'],
    ['민', '민'],
    [' 박민준 ', '박*준'],
    ['Kim Ha', 'K****a'],
  ])('%s → %s', (name, masked) => {
    expect(maskName(name)).toBe(masked);
  });

  it('an erased name reads (파기됨)', () => {
    expect(maskName(null)).toBe('(파기됨)');
  });
});

describe('checkinVerdict: who is let in', () => {
  /** 2026-11-21 12:00 in Seoul. */
  const NOW = new Date('2026-11-21T03:00:00Z');
  const today = { startdate: '2026-11-21T10:00:00.000Z' }; // 19:00 in Seoul
  const booking = adminBooking;

  it('a booking still booked for a slot that starts today in Seoul: ready', () => {
    expect(checkinVerdict(booking({}), today, NOW)).toEqual({ kind: 'ready' });
    // 00:30 on the 21st in Seoul is still the 20th in UTC: the day is Seoul's.
    expect(checkinVerdict(booking({}), { startdate: '2026-11-20T15:30:00.000Z' }, NOW)).toEqual({ kind: 'ready' });
  });

  it('already checked in: amber, with the time of entry', () => {
    expect(
      checkinVerdict(booking({ status: 'checked_in', checkedInAt: '2026-11-21T02:05:00.000Z' }), today, NOW),
    ).toEqual({
      kind: 'already',
      message: '이미 입장 확인된 예약입니다. (11월 21일 오전 11:05 입장)',
    });
  });

  it('cancelled, no-show, another day: refused', () => {
    expect(checkinVerdict(booking({ status: 'cancelled' }), today, NOW)).toEqual({
      kind: 'refused',
      message: '취소된 예약입니다. 입장할 수 없습니다.',
    });
    expect(checkinVerdict(booking({ status: 'no_show' }), today, NOW).kind).toBe('refused');
    expect(checkinVerdict(booking({}), { startdate: '2026-11-22T10:00:00.000Z' }, NOW)).toEqual({
      kind: 'refused',
      message: '오늘 회차의 예약이 아닙니다. (11월 22일 (일) 예약)',
    });
    expect(checkinVerdict(booking({}), { startdate: '2026-11-20T14:59:00.000Z' }, NOW).kind).toBe('refused');
  });
});
