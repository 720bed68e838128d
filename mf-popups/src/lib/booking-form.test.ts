import type { ReserveSlot } from '@linksite/contract';
import { formatPhoneInput, newIdempotencyKey, normalizePhone, phoneSuffix, validateBookingForm } from './booking-form';
import { slotStatusView } from './slot-status';

const slot = { partyMin: 2, partyMax: 4 } as ReserveSlot;
const valid = { name: '김하늘', phone: '010-1234-5678', partySize: 2, consent: true, email: '', emailConsent: false };

describe('the booking form’s rules (docs/decisions/0030-popup-bookings.md)', () => {
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

  it('puts hyphens in while typing', () => {
    expect(formatPhoneInput('010')).toBe('010');
    expect(formatPhoneInput('0101234')).toBe('010-1234');
    expect(formatPhoneInput('01012345678')).toBe('010-1234-5678');
    expect(formatPhoneInput('0１0abc')).toBe('00');
  });

  it.each([
    ['+82 10-1234-5678', '010-1234-5678'],
    ['+821012345678', '010-1234-5678'],
    ['+82 010 1234 5678', '010-1234-5678'],
    ['+82 10', '010'],
  ])(
    'turns the international form %p into the domestic %p, which the rules accept (docs/decisions/0077-visitor-knows-what-happened.md)',
    (typed, shown) => {
      expect(formatPhoneInput(typed)).toBe(shown);
      if (shown.length === 13)
        expect(validateBookingForm({ ...valid, phone: formatPhoneInput(typed) }, slot)).toEqual({});
    },
  );

  it('never cuts a digit: a twelfth one stays, and the form refuses the number instead of booking another', () => {
    expect(formatPhoneInput('010-1234-56789')).toBe('010-1234-56789');
    expect(formatPhoneInput('0101234567890')).toBe('010-1234-567890');
    expect(validateBookingForm({ ...valid, phone: formatPhoneInput('010123456789') }, slot)).toEqual({
      phone: '휴대폰 번호는 010으로 시작하는 11자리로 입력해주세요. (예: 010-1234-5678)',
    });
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

  describe('the optional email address and its own consent (docs/decisions/0076-calendar-and-reminders.md)', () => {
    it.each([
      ['no address, no consent', { email: '', emailConsent: false }],
      ['spaces only, no consent', { email: '   ', emailConsent: false }],
      ['an address with its consent', { email: 'haneul@example.com', emailConsent: true }],
      ['an address typed with spaces around', { email: '  haneul.kim+popup@example.co.kr ', emailConsent: true }],
      [
        'the longest address, 254 characters',
        { email: `${'a'.repeat(60)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(62)}.kr`, emailConsent: true },
      ],
    ])('accepts %s', (_case, change) => {
      expect(validateBookingForm({ ...valid, ...change }, slot)).toEqual({});
    });

    it.each([
      ['no @', 'haneul.example.com', '이메일 주소 형식이 올바르지 않습니다. (예: name@example.com)'],
      ['two @', 'a@b@example.com', '이메일 주소 형식이 올바르지 않습니다. (예: name@example.com)'],
      ['no dot in the domain', 'haneul@localhost', '이메일 주소 형식이 올바르지 않습니다. (예: name@example.com)'],
      ['a space inside', 'ha neul@example.com', '이메일 주소 형식이 올바르지 않습니다. (예: name@example.com)'],
      ['a display name', '김하늘 <haneul@example.com>', '이메일 주소 형식이 올바르지 않습니다. (예: name@example.com)'],
      [
        'a local part of 65 characters',
        `${'a'.repeat(65)}@example.com`,
        '이메일 주소 형식이 올바르지 않습니다. (예: name@example.com)',
      ],
      [
        '255 characters',
        `${'a'.repeat(60)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}.kr`,
        '이메일 주소는 254자 이하로 입력해주세요.',
      ],
    ])('refuses %s as the address, as the API does', (_case, email, message) => {
      expect(validateBookingForm({ ...valid, email, emailConsent: true }, slot)).toEqual({ email: message });
    });

    it('an address needs its consent; a ticked consent needs an address', () => {
      expect(validateBookingForm({ ...valid, email: 'haneul@example.com', emailConsent: false }, slot)).toEqual({
        emailConsent: '예약 알림을 이메일로 받으려면 이메일 수신에 동의해주세요.',
      });
      expect(validateBookingForm({ ...valid, email: ' ', emailConsent: true }, slot)).toEqual({
        email: '알림을 받을 이메일 주소를 입력해주세요.',
      });
    });
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

describe('slot status labels (docs/decisions/0030-popup-bookings.md; the reason of 마감, docs/decisions/0077-visitor-knows-what-happened.md)', () => {
  it.each([
    ['upcoming', 40, 5, '오픈 예정', 'upcoming'],
    ['open', 12, 5, '예약 가능 (잔여 12명)', 'open'],
    ['open', 1234, 5, '예약 가능 (잔여 1,234명)', 'open'],
    ['full', 0, 3, '마감', 'closed'],
    ['full', 1, 3, '마감', 'closed'], // seats short of the smallest party (2)
    ['full', 4, 0, '마감 (남은 테이블 없음)', 'closed'], // 10 seats, 5 tables, 5 bookings: seats left, no table
    ['closed', 30, 0, '마감', 'closed'], // closed by time or by hand: tables do not matter
  ] as const)('%s with %d seats and %d tables left reads %p', (status, remaining, remainingTables, label, kind) => {
    expect(slotStatusView({ status, remaining, remainingTables, partyMin: 2 })).toEqual({ label, kind });
  });
});
