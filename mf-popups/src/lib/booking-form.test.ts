import type { ReserveSlot } from '@linksite/contract';
import { formatPhoneInput, newIdempotencyKey, normalizePhone, phoneSuffix, validateBookingForm } from './booking-form';
import { slotStatusView } from './slot-status';

const slot = { partyMin: 2, partyMax: 4 } as ReserveSlot;
const valid = { name: '김하늘', phone: '010-1234-5678', partySize: 2, consent: true };

describe('the booking form’s rules (issue 13)', () => {
  it('accepts a complete form', () => {
    expect(validateBookingForm(valid, slot)).toEqual({});
  });

  it.each([
    ['01012345678', '01012345678'],
    ['010-1234-5678', '01012345678'],
    ['010 1234 5678', '01012345678'],
    ['+82 10-1234-5678', '01012345678'],
    ['+821012345678', '01012345678'],
    ['02-123-4567', null],
    ['011-123-4567', null],
    ['010-1234-567', null],
    ['010-1234-56789', null],
    ['010-abcd-5678', null],
    ['', null],
  ])('normalizes %p to %p', (typed, stored) => {
    expect(normalizePhone(typed)).toBe(stored);
  });

  it('puts hyphens in while typing and keeps at most 11 digits', () => {
    expect(formatPhoneInput('010')).toBe('010');
    expect(formatPhoneInput('0101234')).toBe('010-1234');
    expect(formatPhoneInput('01012345678')).toBe('010-1234-5678');
    expect(formatPhoneInput('010-1234-56789')).toBe('010-1234-5678');
    expect(formatPhoneInput('0１0abc')).toBe('00');
  });

  it.each([
    ['an empty name', { name: '  ' }, 'name', '이름을 1자 이상 20자 이하로 입력해주세요.'],
    ['a name of 21 characters', { name: '가'.repeat(21) }, 'name', '이름을 1자 이상 20자 이하로 입력해주세요.'],
    [
      'a landline',
      { phone: '02-123-4567' },
      'phone',
      '휴대폰 번호는 010으로 시작하는 11자리로 입력해주세요. (예: 010-1234-5678)',
    ],
    ['a party below the minimum', { partySize: 1 }, 'partySize', '인원은 2명부터 4명까지 선택할 수 있습니다.'],
    ['a party above the maximum', { partySize: 5 }, 'partySize', '인원은 2명부터 4명까지 선택할 수 있습니다.'],
    ['no consent', { consent: false }, 'consent', '개인정보 수집·이용에 동의해주세요.'],
  ])('refuses %s', (_case, change, field, message) => {
    expect(validateBookingForm({ ...valid, ...change }, slot)).toEqual({ [field]: message });
  });

  it('the confirmation needs the last four digits', () => {
    expect(phoneSuffix('010-1234-5678')).toBe('5678');
  });

  it('makes a new 32-hex-character key for each submit', () => {
    const a = newIdempotencyKey();
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    expect(newIdempotencyKey()).not.toBe(a);
  });
});

describe('slot status labels (issue 13)', () => {
  it.each([
    ['upcoming', 40, '오픈 예정', 'upcoming'],
    ['open', 12, '예약 가능 (잔여 12명)', 'open'],
    ['open', 1234, '예약 가능 (잔여 1,234명)', 'open'],
    ['full', 0, '마감', 'closed'],
    ['closed', 30, '마감', 'closed'],
  ] as const)('%s with %d left reads %p', (status, remaining, label, kind) => {
    expect(slotStatusView({ status, remaining })).toEqual({ label, kind });
  });
});
