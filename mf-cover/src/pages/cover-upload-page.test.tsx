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
    // The dropzone reads the file's first bytes before it hands it over (docs/decisions/0051-nothing-half-saved.md).
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

  it('names the cover it showed; a 409 shows the stored cover beside mine, and 내 변경 적용 replaces it on top (docs/decisions/0048-no-silent-overwrite.md)', async () => {
    const headers: Array<[unknown, unknown]> = [];
    let posts = 0;
    serve({
      'GET /cover': () => ({ status: 200, data: { product: { imagelink: '/api/images/old', version: 2 } } }),
      'POST /cover/image': (request) => {
        headers.push([request.headers['If-Match'], request.headers['If-None-Match']]);
        posts += 1;
        return posts === 1
          ? {
              status: 409,
              data: {
                statusCode: 409,
                message:
                  '다른 관리자가 커버 이미지를 먼저 변경했습니다. 지금 저장된 커버를 확인한 뒤 다시 변경해주세요.',
                product: { imagelink: '/api/images/theirs', version: 3 },
              },
            }
          : {
              status: 201,
              data: {
                message: '커버 이미지가 변경되었습니다.',
                product: { imagelink: '/api/images/mine', version: 4 },
              },
            };
      },
    });
    renderPage();
    await waitFor(() =>
      expect(screen.getByTestId('cover-dropzone-preview')).toHaveAttribute('src', '/api/images/old?w=1280'),
    );
    await choose(jpeg());
    await waitFor(() => expect(screen.getByTestId('cover-caption')).toHaveTextContent('cover.jpg'));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '저장' })));
    const panel = await screen.findByTestId('cover-conflict');
    expect(alerts).toEqual([]);
    expect(panel).toHaveTextContent('다른 관리자가 커버 이미지를 먼저 변경했습니다.');
    expect(screen.getByRole('img', { name: '지금 저장된 커버 이미지' })).toHaveAttribute(
      'src',
      '/api/images/theirs?w=640',
    );
    expect(screen.getByTestId('cover-conflict-image')).toHaveTextContent('cover.jpg');

    fireEvent.click(screen.getByRole('button', { name: '내 변경 적용' }));
    expect(screen.queryByTestId('cover-conflict')).toBeNull();
    expect(screen.getByTestId('cover-caption')).toHaveTextContent('cover.jpg');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '저장' })));
    expect(await screen.findByRole('dialog', { name: '이미지' })).toHaveTextContent('커버 이미지가 변경되었습니다.');
    expect(headers).toEqual([
      ['"2"', undefined],
      ['"3"', undefined],
    ]);
  });

  it('with no cover yet it asks for none (If-None-Match: *)', async () => {
    const headers: unknown[] = [];
    serve({
      'GET /cover': () => ({ status: 200, data: { product: null } }),
      'POST /cover/image': (request) => {
        headers.push([request.headers['If-Match'], request.headers['If-None-Match']]);
        return { status: 201, data: { message: '커버 이미지가 변경되었습니다.' } };
      },
    });
    renderPage();
    await waitFor(() => expect(screen.getByTestId('cover-caption')).toHaveTextContent('아직 커버 이미지가 없습니다.'));
    await choose(jpeg());
    await waitFor(() => expect(screen.getByTestId('cover-caption')).toHaveTextContent('cover.jpg'));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '저장' })));
    await screen.findByRole('dialog', { name: '이미지' });
    expect(headers).toEqual([[undefined, '*']]);
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
