import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { bannerRefreshStore } from '@linksite/platform';
import { sent, serve, useTestRuntimeConfig } from '@linksite/platform/src/testing/fake-http';
import { CoverRoutes } from '../routes';

let alerts: string[];

beforeAll(() => {
  // jsdom has no object URLs.
  Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:chosen-cover'), revokeObjectURL: jest.fn() });
});

beforeEach(() => {
  useTestRuntimeConfig();
  alerts = [];
  jest.spyOn(window, 'alert').mockImplementation((message) => void alerts.push(String(message)));
});

afterEach(() => jest.restoreAllMocks());

const renderPage = () =>
  render(
    <MemoryRouter initialEntries={['/uploadimage']}>
      <CoverRoutes />
    </MemoryRouter>,
  );

const jpeg = () => new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])], 'cover.jpg', { type: 'image/jpeg' });

async function choose(file: File) {
  await act(async () => fireEvent.change(screen.getByTestId('cover-dropzone-input'), { target: { files: [file] } }));
}

describe('커버 이미지 변경 (/uploadimage)', () => {
  it('previews the current cover until a file is chosen, then the chosen file', async () => {
    serve({ 'GET /cover': () => ({ status: 200, data: { product: { imagelink: '/api/images/abc' } } }) });
    renderPage();
    expect(screen.getByRole('heading', { name: '커버 이미지 변경' })).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByTestId('cover-dropzone-preview')).toHaveAttribute('src', '/api/images/abc?w=1280'),
    );
    await choose(jpeg());
    // The dropzone reads the file's first bytes before it hands it over (issue 16 item 1).
    await waitFor(() =>
      expect(screen.getByTestId('cover-dropzone-preview')).toHaveAttribute('src', 'blob:chosen-cover'),
    );
    expect(screen.getByTestId('cover-caption')).toHaveTextContent('cover.jpg');
  });

  it('alerts 변경할 이미지가 없습니다. and sends nothing without a file', async () => {
    const adapter = serve({ 'GET /cover': () => ({ status: 200, data: { product: null } }) });
    renderPage();
    await waitFor(() => expect(adapter).toHaveBeenCalledTimes(1));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '저장' })));
    expect(alerts).toEqual(['변경할 이미지가 없습니다.']);
    expect(sent(adapter).map((r) => r.route)).toEqual(['GET /cover']);
  });

  it('uploads the file as field image, shows progress rounded down, then the 이미지 dialog and tells the banner', async () => {
    let finish: () => void = () => undefined;
    const adapter = serve({
      'GET /cover': () => ({ status: 200, data: { product: null } }),
      'POST /cover/image': (request) => {
        request.onUploadProgress?.({ loaded: 339, total: 1000, bytes: 339, lengthComputable: true });
        return { status: 201, data: { message: '커버 이미지가 변경되었습니다.' } };
      },
    });
    // Hold the answer back so the intermediate percentage can be seen.
    const upload = adapter.getMockImplementation()!;
    adapter.mockImplementation(async (request) => {
      if (request.url !== '/cover/image') return upload(request);
      const answer = upload(request);
      await new Promise<void>((resolve) => (finish = resolve));
      return answer;
    });
    const before = bannerRefreshStore.getState().version;
    renderPage();
    await choose(jpeg());
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '저장' })));

    expect(screen.getByTestId('cover-progress-value')).toHaveTextContent('33%');
    expect(screen.getByRole('progressbar', { name: '업로드 진행률' })).toHaveAttribute('aria-valuenow', '33');
    await act(async () => finish());

    const dialog = await screen.findByRole('dialog', { name: '이미지' });
    expect(dialog).toHaveTextContent('커버 이미지가 변경되었습니다.');
    expect(screen.getByTestId('cover-progress-value')).toHaveTextContent('100%');
    expect(bannerRefreshStore.getState().version).toBe(before + 1);

    const body = sent(adapter).find((r) => r.route === 'POST /cover/image')!.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect((body.get('image') as File).name).toBe('cover.jpg');

    expect(screen.getByRole('button', { name: '닫기' })).toHaveFocus();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '닫기' })));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('alerts the server message when the upload is refused', async () => {
    serve({
      'GET /cover': () => ({ status: 200, data: { product: null } }),
      'POST /cover/image': () => ({
        status: 415,
        data: { statusCode: 415, message: '지원하지 않는 이미지 형식입니다.' },
      }),
    });
    renderPage();
    await choose(jpeg());
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '저장' })));
    expect(alerts).toEqual(['지원하지 않는 이미지 형식입니다.']);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByTestId('cover-progress')).toBeNull();
  });
});
