import type { PopupBody } from '@linksite/contract';
import { applyPopupOnTop, popupDifferences } from './popup-conflict';

/** The slot as loaded (the API's UTC instants). */
const loaded: PopupBody = {
  cnt: '1',
  startdate: '2030-06-01T04:00:00.000Z',
  enddate: '2030-06-01T09:00:00.000Z',
  count: 40,
  table: 10,
  bookingOpensAt: null,
  bookingClosesAt: null,
  cancelHoursBefore: 24,
  partyMin: 1,
  partyMax: 4,
  bookingEnabled: true,
};

describe('popup conflicts (docs/decisions/0048-no-silent-overwrite.md)', () => {
  // Another administrator raised the head count and closed booking; I changed the tables. The form sends Seoul times.
  const stored: PopupBody = { ...loaded, count: 55, bookingEnabled: false };
  const mine: PopupBody = {
    ...loaded,
    startdate: '2030-06-01T13:00:00+09:00',
    enddate: '2030-06-01T18:00:00+09:00',
    table: 12,
  };

  it('lists only the fields whose stored value differs from mine, the same instant in another offset being equal', () => {
    expect(popupDifferences(loaded, stored, mine)).toEqual([
      { field: 'count', label: '인원', stored: '55', mine: '40', changedByOther: true, changedByMe: false },
      {
        field: 'table',
        label: '예약 가능 테이블',
        stored: '10',
        mine: '12',
        changedByOther: false,
        changedByMe: true,
      },
      {
        field: 'bookingEnabled',
        label: '예약 받기',
        stored: '받지 않음',
        mine: '받음',
        changedByOther: true,
        changedByMe: false,
      },
    ]);
  });

  it('shows times in Seoul and the defaults of empty booking times by name', () => {
    const later = { ...stored, startdate: '2030-06-01T05:30:00.000Z', bookingOpensAt: '2030-05-20T01:00:00.000Z' };
    const rows = popupDifferences(loaded, later, mine);
    expect(rows.find((r) => r.field === 'startdate')).toMatchObject({
      stored: '2030년 06월 01일 오후 2:30',
      mine: '2030년 06월 01일 오후 1:00',
    });
    expect(rows.find((r) => r.field === 'bookingOpensAt')).toMatchObject({
      stored: '2030년 05월 20일 오전 10:00',
      mine: '등록 즉시',
    });
  });

  it('applies only my changed fields on top of the stored slot', () => {
    expect(applyPopupOnTop(loaded, stored, mine)).toEqual({ ...stored, table: 12 });
  });
});
