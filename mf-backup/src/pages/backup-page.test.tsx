import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { serve, sent, useTestRuntimeConfig } from '@linksite/platform/src/testing/fake-http';
import { BackupPage } from './backup-page';

const report = {
  createdAt: '2026-11-20T03:00:00.000Z',
  archive: { images: 27, links: 26, plans: 7, popup_slots: 1, cover: 1 },
  current: { images: 25, links: 24, plans: 7, popup_slots: 0, cover: 1 },
};

let alert: jest.SpyInstance;
let confirm: jest.SpyInstance;
beforeEach(() => {
  useTestRuntimeConfig();
  alert = jest.spyOn(window, 'alert').mockImplementation(() => undefined);
  confirm = jest.spyOn(window, 'confirm').mockImplementation(() => true);
  URL.createObjectURL = jest.fn(() => 'blob:backup');
  URL.revokeObjectURL = jest.fn();
});
afterEach(() => jest.restoreAllMocks());

const renderPage = () =>
  render(
    <MemoryRouter initialEntries={['/backup']}>
      <BackupPage />
    </MemoryRouter>,
  );
/** The backup calls sent, without the 변경 기록 list the page also loads (`GET /audit`, `GET /audit/actors`). */
const backupCalls = (adapter: jest.Mock) =>
  sent(adapter)
    .map((r) => r.route)
    .filter((route) => !route.startsWith('GET /audit'));
const archive = () => new File([new Uint8Array([0x1f, 0x8b, 8])], 'site.tar.gz', { type: 'application/gzip' });

/** A file chosen in the restore drop zone (its hidden input keeps `backup-file`, as the browser test uses it). */
async function choose(file: File) {
  const input = await screen.findByTestId('backup-file');
  await act(async () => {
    fireEvent.change(input, { target: { files: [file] } });
  });
}

describe('BackupPage', () => {
  it('checks a chosen file first and shows what changes, now and after, in Korean', async () => {
    const adapter = serve({
      'POST /backup/check': () => ({ status: 200, data: { message: '백업 파일을 확인했습니다.', product: report } }),
    });
    renderPage();
    expect(screen.getByRole('heading', { name: '백업 및 복원' })).toBeInTheDocument();
    await choose(archive());
    const table = await screen.findByTestId('backup-report');
    expect(within(table).getByTestId('backup-row-links')).toHaveTextContent('링크2426');
    expect(within(table).getByTestId('backup-row-images')).toHaveTextContent('이미지2527');
    expect(within(table).getByTestId('backup-row-popup_slots')).toHaveTextContent('팝업 예약 회차01');
    expect(table).toHaveTextContent('백업 시각: 2026년 11월 20일');
    expect(backupCalls(adapter)).toEqual(['POST /backup/check']);
    expect(
      adapter.mock.calls.find(([request]) => request.url === '/backup/check')![0].headers.get('Content-Type'),
    ).toBe('application/gzip');
  });

  it('restores only after a confirm, then alerts the server message', async () => {
    const adapter = serve({
      'POST /backup/check': () => ({ status: 200, data: { message: '확인', product: report } }),
      'POST /backup/restore': () => ({ status: 200, data: { message: '백업을 복원했습니다.', product: report } }),
    });
    renderPage();
    await choose(archive());
    confirm.mockReturnValueOnce(false);
    await act(async () => {
      fireEvent.click(await screen.findByTestId('backup-restore'));
    });
    expect(backupCalls(adapter)).toEqual(['POST /backup/check']);
    await act(async () => {
      fireEvent.click(screen.getByTestId('backup-restore'));
    });
    await screen.findByTestId('backup-restored');
    expect(backupCalls(adapter)).toEqual(['POST /backup/check', 'POST /backup/restore']);
    expect(alert).toHaveBeenCalledWith('백업을 복원했습니다.');
    // The 변경 기록 list is read again after the restore, which is its newest entry.
    await waitFor(() => expect(sent(adapter).filter((r) => r.route === 'GET /audit')).toHaveLength(2));
    expect(
      sent(adapter)
        .map((r) => r.route)
        .filter((route) => route !== 'GET /audit/actors')
        .slice(-1),
    ).toEqual(['GET /audit']);
  });

  it("shows the server's Korean reason when a file is refused, and lets another be chosen", async () => {
    serve({
      'POST /backup/check': () => ({
        status: 400,
        data: {
          statusCode: 400,
          message: '백업 파일이 손상되었습니다(images/abc). 다른 백업 파일로 다시 시도해주세요.',
        },
      }),
    });
    renderPage();
    await choose(archive());
    expect(await screen.findByTestId('backup-error')).toHaveTextContent('백업 파일이 손상되었습니다(images/abc).');
    expect(screen.getByTestId('backup-file')).toBeEnabled();
    expect(screen.getByTestId('backup-file-zone')).not.toHaveAttribute('aria-disabled');
  });

  it("chooses the file in the Korean drop zone, not the browser's own button, and refuses other files in Korean", async () => {
    const adapter = serve({});
    renderPage();
    const zone = await screen.findByRole('button', { name: /백업 파일 선택/ });
    expect(zone).toHaveTextContent('백업 파일(.tar.gz)을 이곳에 끌어다 놓거나, 눌러서 선택하세요.');
    expect(screen.getByTestId('backup-file')).toHaveAttribute('type', 'file');
    await choose(new File(['x'], 'photo.png', { type: 'image/png' }));
    expect(await screen.findByTestId('backup-file-zone-error')).toHaveTextContent('파일 형식은 .tar.gz 이어야 합니다.');
    expect(backupCalls(adapter)).toEqual([]);
  });

  it('downloads the archive under the name the server gives', async () => {
    serve({ 'GET /backup': () => ({ status: 200, data: new Blob(['x'.repeat(2048)]) }) });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderPage();
    await act(async () => {
      fireEvent.click(screen.getByTestId('backup-download'));
    });
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(screen.getByTestId('backup-download-status')).toHaveTextContent(
      'linksite-backup.tar.gz (2KB) 파일을 받았습니다.',
    );
  });
});
