import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import jsQR from 'jsqr';
import { sent, serve, useTestRuntimeConfig } from '@linksite/platform/src/testing/fake-http';
import type { AdminBooking } from '@linksite/contract';
import { PopupRoutes } from '../routes';
import { adminBooking } from '../testing/admin-booking';

// The decoder's boundary: jsQR reads whatever the test puts in front of the "camera".
jest.mock('jsqr', () => ({ __esModule: true, default: jest.fn() }));
const decode = jsQR as unknown as jest.Mock;
/** What the camera shows now: a QR code's text, or null. */
let inFrontOfCamera: string | null;

const CODE = 'ABCD2345';
const slot = (startdate: string) => ({
  id: 7,
  cnt: '2',
  startdate,
  enddate: new Date(Date.parse(startdate) + 2 * 3600_000).toISOString(),
  count: 40,
  table: 10,
  bookingOpensAt: null,
  bookingClosesAt: null,
  cancelHoursBefore: 24,
  partyMin: 1,
  partyMax: 4,
  bookingEnabled: true,
  bookedPeople: 2,
  bookedTables: 1,
  remaining: 38,
  checkedInPeople: 0,
  bookingStatus: 'open',
});
const booking = (fields: Partial<AdminBooking> = {}) => adminBooking({ id: 41, code: CODE, slotId: 7, ...fields });
const found =
  (b: object, startdate = new Date().toISOString()) =>
  () => ({
    status: 200,
    data: { product: { booking: b, slot: slot(startdate) } },
  });

let getUserMedia: jest.Mock;
let vibrate: jest.Mock;
let alerts: string[];
const track = { stop: jest.fn() };

beforeEach(() => {
  useTestRuntimeConfig();
  inFrontOfCamera = null;
  decode.mockReset().mockImplementation(() => (inFrontOfCamera ? { data: inFrontOfCamera } : null));
  getUserMedia = jest.fn(async () => ({ getTracks: () => [track] }));
  Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia }, configurable: true });
  vibrate = jest.fn(() => true);
  Object.defineProperty(navigator, 'vibrate', { value: vibrate, configurable: true });
  // jsdom draws nothing: a video of 640×480 and a canvas whose pixels are blank; the decoder above decides.
  jest.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  jest.spyOn(HTMLVideoElement.prototype, 'videoWidth', 'get').mockReturnValue(640);
  jest.spyOn(HTMLVideoElement.prototype, 'videoHeight', 'get').mockReturnValue(480);
  jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({
    drawImage: jest.fn(),
    getImageData: (_x: number, _y: number, w: number, h: number) => ({ data: new Uint8ClampedArray(w * h * 4) }),
  } as unknown as CanvasRenderingContext2D);
  alerts = [];
  jest.spyOn(window, 'alert').mockImplementation((message) => void alerts.push(String(message)));
});

afterEach(() => jest.restoreAllMocks());

const renderPage = () =>
  render(
    <MemoryRouter initialEntries={['/popup/checkin']}>
      <PopupRoutes />
    </MemoryRouter>,
  );
const startCamera = () => act(async () => fireEvent.click(screen.getByRole('button', { name: '카메라 켜기' })));
const lookUpTyped = async (text: string) => {
  fireEvent.change(screen.getByLabelText('예약 번호 직접 입력'), { target: { value: text } });
  await act(async () => fireEvent.click(screen.getByRole('button', { name: '조회' })));
};
const lookups = (adapter: jest.Mock) => sent(adapter).filter((r) => r.route.startsWith('GET /popup/bookings/by-code'));

describe('/popup/checkin: door check-in by camera (docs/decisions/0081-camera-check-in.md)', () => {
  it('explains the camera question first, opens the rear camera only on 카메라 켜기', async () => {
    serve({});
    renderPage();
    expect(screen.getByRole('heading', { name: '입장 확인 (QR 스캔)' })).toBeInTheDocument();
    expect(screen.getByText(/카메라 켜기를 누른 뒤 브라우저가 묻는 카메라 사용을 허용해주세요\./)).toBeInTheDocument();
    expect(getUserMedia).not.toHaveBeenCalled();
    await startCamera();
    expect(getUserMedia).toHaveBeenCalledWith({ video: { facingMode: 'environment' }, audio: false });
    expect(await screen.findByText('QR 코드를 화면 가운데에 맞춰주세요.')).toBeInTheDocument();
  });

  it('scans the confirmation QR, shows the booking large and masked, checks in with one tap; again: already', async () => {
    let current = booking();
    const adapter = serve({
      [`GET /popup/bookings/by-code/${CODE}`]: () => found(current)(),
      'POST /popup/bookings/41/check-in': () => {
        current = booking({ status: 'checked_in', checkedInAt: new Date().toISOString() });
        return { status: 200, data: { message: '입장 확인되었습니다.', product: current } };
      },
    });
    renderPage();
    await startCamera();
    inFrontOfCamera = `https://linksite.example/reserve/${CODE}`;
    const card = await screen.findByTestId('checkin-booking');
    expect(card).toHaveTextContent('김*늘');
    expect(card).not.toHaveTextContent('김하늘');
    expect(card).toHaveTextContent('2명');
    expect(card).toHaveTextContent('2회차');
    expect(card).toHaveTextContent('예약 완료');

    await act(async () => fireEvent.click(screen.getByRole('button', { name: '입장 확인' })));
    expect(await screen.findByTestId('checkin-done')).toHaveTextContent('입장 확인되었습니다');
    expect(vibrate).toHaveBeenCalled();
    expect(alerts).toEqual([]);
    // The QR code still in front of the camera is not looked up again while its answer shows.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(lookups(adapter)).toHaveLength(1);
    expect(sent(adapter).filter((r) => r.route === 'POST /popup/bookings/41/check-in')).toHaveLength(1);

    await act(async () => fireEvent.click(screen.getByRole('button', { name: '다음 예약 스캔' })));
    const warning = await screen.findByTestId('checkin-warning');
    expect(warning).toHaveTextContent('이미 입장 확인된 예약입니다.');
    expect(warning).toHaveClass('checkin__panel--already');
    expect(screen.queryByRole('button', { name: '입장 확인' })).toBeNull();
    expect(lookups(adapter)).toHaveLength(2);
  });

  it.each([
    ['cancelled', booking({ status: 'cancelled' }), undefined, '취소된 예약입니다. 입장할 수 없습니다.'],
    ['no-show', booking({ status: 'no_show' }), undefined, '노쇼로 처리된 예약입니다.'],
    ['another day', booking(), new Date(Date.now() + 3 * 86_400_000).toISOString(), '오늘 회차의 예약이 아닙니다.'],
  ])('%s: a red warning and no check-in button', async (_name, b, startdate, message) => {
    const adapter = serve({ [`GET /popup/bookings/by-code/${CODE}`]: found(b, startdate) });
    renderPage();
    await lookUpTyped('abcd-2345');
    const warning = await screen.findByTestId('checkin-warning');
    expect(warning).toHaveTextContent(message);
    expect(warning).toHaveClass('checkin__panel--refused');
    expect(screen.queryByRole('button', { name: '입장 확인' })).toBeNull();
    expect(sent(adapter).some((r) => r.route.startsWith('POST'))).toBe(false);
  });

  it('an unknown code (404): a red warning naming the code; a malformed one is not sent', async () => {
    const adapter = serve({});
    renderPage();
    await lookUpTyped('ZZZZ2222');
    expect(await screen.findByTestId('checkin-warning')).toHaveTextContent(
      '예약 번호 ZZZZ2222에 해당하는 예약이 없습니다.',
    );
    expect(screen.queryByRole('button', { name: '입장 확인' })).toBeNull();
    await lookUpTyped('ABC');
    expect(screen.getByText('예약 번호는 8자리 영문과 숫자입니다.')).toBeInTheDocument();
    expect(lookups(adapter)).toHaveLength(1);
  });

  it('a QR code that is not a booking says so; nothing is looked up', async () => {
    const adapter = serve({});
    renderPage();
    await startCamera();
    inFrontOfCamera = 'https://example.com/menu';
    expect(await screen.findByTestId('checkin-warning')).toHaveTextContent('예약 확인 QR 코드가 아닙니다.');
    expect(lookups(adapter)).toHaveLength(0);
  });

  it('a refused camera: a Korean sentence, and typing the code still works', async () => {
    getUserMedia.mockRejectedValue(new DOMException('denied', 'NotAllowedError'));
    serve({ [`GET /popup/bookings/by-code/${CODE}`]: found(booking()) });
    renderPage();
    await startCamera();
    expect(await screen.findByRole('alert')).toHaveTextContent('카메라 사용이 허용되지 않았습니다.');
    await lookUpTyped(CODE);
    await waitFor(() => expect(screen.getByTestId('checkin-booking')).toHaveTextContent('김*늘'));
    expect(screen.getByRole('button', { name: '입장 확인' })).toBeEnabled();
  });

  it('stops the camera when the screen closes', async () => {
    serve({});
    const { unmount } = renderPage();
    await startCamera();
    track.stop.mockClear();
    unmount();
    expect(track.stop).toHaveBeenCalled();
  });
});
