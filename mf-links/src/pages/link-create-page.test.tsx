import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { serve, sent, useTestRuntimeConfig } from '@linksite/platform/src/testing/fake-http';
import { link } from '../testing/link-fixture';
import { LinkCreatePage } from './link-create-page';

let alert: jest.SpyInstance;
let confirm: jest.SpyInstance;
const created: string[] = [];
const revoked: string[] = [];
beforeEach(() => {
  useTestRuntimeConfig();
  alert = jest.spyOn(window, 'alert').mockImplementation(() => undefined);
  confirm = jest.spyOn(window, 'confirm').mockImplementation(() => true);
  created.length = 0;
  revoked.length = 0;
  // jsdom has no object URLs.
  URL.createObjectURL = jest.fn((file: Blob) => {
    const url = `blob:test/${(file as File).name}-${created.length}`;
    created.push(url);
    return url;
  });
  URL.revokeObjectURL = jest.fn((url: string) => void revoked.push(url));
});
afterEach(() => {
  alert.mockRestore();
  confirm.mockRestore();
});

/** Where the page went, and whether going back from there still finds /create (it must not: replace). */
function ListProbe() {
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <button type="button" data-testid="list-probe" onClick={() => navigate(-1)}>
      {location.pathname}
    </button>
  );
}

function StartProbe() {
  return <p data-testid="start-probe">start</p>;
}

function renderCreate() {
  return render(
    <MemoryRouter initialEntries={['/start', '/create']} initialIndex={1}>
      <Routes>
        <Route path="/start" element={<StartProbe />} />
        <Route path="/create" element={<LinkCreatePage />} />
        <Route path="/main/list" element={<ListProbe />} />
      </Routes>
    </MemoryRouter>,
  );
}

async function chooseFile(file: File) {
  await act(async () => {
    fireEvent.change(screen.getByTestId('image-dropzone-input'), { target: { files: [file] } });
  });
}

/** The first bytes of a real PNG and JPEG: the dropzone checks them (docs/decisions/0051-nothing-half-saved.md). */
const PNG_HEAD = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]);
const JPEG_HEAD = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]);
const photo = () => new File([PNG_HEAD], 'photo.png', { type: 'image/png' });

describe('LinkCreatePage', () => {
  it('has the labels of docs/product.md#2-screens-and-routes and the default placeholder preview', async () => {
    serve({});
    renderCreate();
    // The drop zone's code loads when it first renders (platform's lazy ImageDropzone).
    await screen.findByTestId('image-dropzone');
    expect(screen.getByRole('heading', { name: '링크 등록' })).toBeInTheDocument();
    for (const label of ['링크 이름', '태그', '구매 사이트 링크', '사진 링크']) {
      expect(screen.getByLabelText(new RegExp(`^${label}`))).toBeInTheDocument();
    }
    expect(screen.getByText(/쉼표로 구분해 여러 개 입력/)).toBeInTheDocument();
    expect(
      screen.getByText('사진 링크를 입력하거나, 이미지를 이곳에 끌어다 놓거나, 눌러서 파일을 선택하세요.'),
    ).toBeInTheDocument();
    expect(screen.getByTestId('image-dropzone-preview').getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(screen.getByRole('button', { name: '등록' })).toBeInTheDocument();
  });

  it('an empty name shows the required message, focuses the field and sends nothing', async () => {
    const adapter = serve({});
    renderCreate();
    fireEvent.change(screen.getByLabelText(/^태그/), { target: { value: '뷰티' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '등록' }));
    });
    expect(screen.getByRole('alert')).toHaveTextContent('링크 이름은 필수 값입니다.');
    expect(screen.getByLabelText(/^링크 이름/)).toHaveFocus();
    expect(confirm).not.toHaveBeenCalled();
    expect(sent(adapter).map((r) => r.route)).toEqual([]);
  });

  it('without a file or an image link asks first; declining sends nothing', async () => {
    confirm.mockImplementation(() => false);
    const adapter = serve({});
    renderCreate();
    fireEvent.change(screen.getByLabelText(/^링크 이름/), { target: { value: '텀블러' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '등록' }));
    });
    expect(confirm).toHaveBeenCalledWith('이미지 없이 링크 정보를 등록하시겠습니까?');
    expect(sent(adapter).map((r) => r.route)).toEqual([]);
  });

  it('typing an image link previews it; choosing a file clears the link, shows the name and previews the file', async () => {
    serve({});
    const { unmount } = renderCreate();
    const imagelink = screen.getByLabelText(/^사진 링크/);
    fireEvent.change(imagelink, { target: { value: 'https://cdn.example/p.jpg' } });
    expect(screen.getByTestId('image-dropzone-preview')).toHaveAttribute('src', 'https://cdn.example/p.jpg');

    await chooseFile(photo());
    expect(await screen.findByTestId('chosen-file')).toHaveTextContent('선택한 파일: photo.png');
    expect(imagelink).toHaveValue('');
    await waitFor(() => expect(screen.getByTestId('image-dropzone-preview')).toHaveAttribute('src', created[0]));

    // Another file: the first object URL is revoked; leaving the page revokes the second.
    await chooseFile(new File([JPEG_HEAD], 'second.jpg', { type: 'image/jpeg' }));
    await waitFor(() => expect(revoked).toEqual([created[0]]));
    unmount();
    expect(revoked).toEqual([created[0], created[1]]);
  });

  it('cancelling the chosen file puts the typed image link back', async () => {
    serve({});
    renderCreate();
    const imagelink = screen.getByLabelText(/^사진 링크/);
    fireEvent.change(imagelink, { target: { value: 'https://cdn.example/p.jpg' } });
    await chooseFile(photo());
    fireEvent.click(await screen.findByRole('button', { name: '선택 취소' }));
    expect(imagelink).toHaveValue('https://cdn.example/p.jpg');
    expect(screen.queryByTestId('chosen-file')).toBeNull();
  });

  it('sends the link and its file in ONE multipart request, alerts the message and replaces history with /main/list', async () => {
    const adapter = serve({
      'POST /store/create/with-image': () => ({
        status: 201,
        data: { message: '링크가 등록되었습니다.', product: link(42, '텀블러', 3, { tags: ['주방', '캠핑'] }) },
      }),
    });
    renderCreate();
    fireEvent.change(screen.getByLabelText(/^링크 이름/), { target: { value: ' 텀블러 ' } });
    fireEvent.change(screen.getByLabelText(/^태그/), { target: { value: '#주방, 캠핑' } });
    fireEvent.change(screen.getByLabelText(/^구매 사이트 링크/), { target: { value: 'https://shop.example/t' } });
    await chooseFile(photo());
    await waitFor(() => expect(screen.getByTestId('chosen-file')).toBeInTheDocument());
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '등록' }));
    });

    await waitFor(() => expect(screen.getByTestId('list-probe')).toBeInTheDocument());
    expect(sent(adapter).map((r) => r.route)).toEqual(['POST /store/create/with-image']);
    const form = adapter.mock.calls[0]![0].data as FormData;
    expect(Object.fromEntries([...form.entries()].filter(([name]) => name !== 'image'))).toEqual({
      pname: '텀블러',
      tag: '주방, 캠핑',
      link: 'https://shop.example/t',
      enabled: 'true',
      disclosure: 'none',
      showFrom: '',
      showUntil: '',
    });
    expect((form.get('image') as File).name).toBe('photo.png');
    expect(confirm).not.toHaveBeenCalled();
    expect(alert).toHaveBeenCalledWith('링크가 등록되었습니다.');
    // replace: /create left history, so going back from the list lands where the user came from
    expect(screen.getByTestId('list-probe')).toHaveTextContent('/main/list');
    fireEvent.click(screen.getByTestId('list-probe'));
    expect(await screen.findByTestId('start-probe')).toBeInTheDocument();
  });

  it('a refused image saves nothing: the alert says so and the form stays as typed', async () => {
    serve({
      'POST /store/create/with-image': () => ({
        status: 415,
        data: {
          statusCode: 415,
          message: '이미지 파일을 읽을 수 없습니다. JPEG, PNG, WebP, GIF, AVIF 파일만 올릴 수 있습니다.',
        },
      }),
    });
    renderCreate();
    fireEvent.change(screen.getByLabelText(/^링크 이름/), { target: { value: '컵' } });
    await chooseFile(photo());
    await waitFor(() => expect(screen.getByTestId('chosen-file')).toBeInTheDocument());
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '등록' }));
    });
    await waitFor(() =>
      expect(alert).toHaveBeenCalledWith(
        '링크를 등록하지 못했습니다. 아무것도 저장되지 않았습니다: 이미지 파일을 읽을 수 없습니다. JPEG, PNG, WebP, GIF, AVIF 파일만 올릴 수 있습니다.',
      ),
    );
    expect(screen.queryByTestId('list-probe')).toBeNull();
    expect(screen.getByLabelText(/^링크 이름/)).toHaveValue('컵');
    expect(screen.getByTestId('chosen-file')).toBeInTheDocument();
  });

  it('a text file renamed .jpg is refused in the dropzone and nothing is sent (docs/decisions/0051-nothing-half-saved.md)', async () => {
    const adapter = serve({});
    renderCreate();
    await chooseFile(new File(['just some notes'], 'notes.jpg', { type: 'image/jpeg' }));
    expect(await screen.findByTestId('image-dropzone-error')).toHaveTextContent('이미지 파일을 읽을 수 없습니다.');
    expect(screen.queryByTestId('chosen-file')).toBeNull();
    expect(sent(adapter)).toEqual([]);
  });

  it('checks the URL in the browser with the API sentence, before the missing-image question (docs/decisions/0055-form-flow.md)', async () => {
    const adapter = serve({});
    renderCreate();
    fireEvent.change(screen.getByLabelText(/^링크 이름/), { target: { value: '컵' } });
    fireEvent.change(screen.getByLabelText(/^구매 사이트 링크/), { target: { value: 'shop.example/cup' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '등록' }));
    });
    expect(screen.getByTestId('link-error')).toHaveTextContent(
      '링크 주소는 http:// 또는 https:// 로 시작하는 2048자 이하의 주소여야 합니다.',
    );
    expect(screen.getByLabelText(/^구매 사이트 링크/)).toHaveFocus();
    expect(screen.getByLabelText(/^구매 사이트 링크/)).toHaveAttribute('aria-invalid', 'true');
    expect(confirm).not.toHaveBeenCalled();
    expect(sent(adapter)).toEqual([]);
    // Fixing the field clears its message.
    fireEvent.change(screen.getByLabelText(/^구매 사이트 링크/), { target: { value: 'https://shop.example/cup' } });
    expect(screen.queryByTestId('link-error')).toBeNull();
  });

  it('광고 표시 (docs/decisions/0070-disclosure-label.md): the four choices, 표시 안 함 first and chosen; the chosen one is sent', async () => {
    const adapter = serve({
      'POST /store/create': () => ({
        status: 201,
        data: { message: '링크가 등록되었습니다.', product: link(43, '딸기잼', 0, { disclosure: 'ad' }) },
      }),
    });
    renderCreate();
    const select = screen.getByRole('combobox', { name: '광고 표시' });
    expect([...(select as HTMLSelectElement).options].map((o) => [o.value, o.text])).toEqual([
      ['none', '표시 안 함'],
      ['ad', '광고'],
      ['sponsored', '협찬'],
      ['affiliate', '제휴'],
    ]);
    expect(select).toHaveValue('none');
    expect(select).toHaveAccessibleDescription(/카드의 이름 앞에 이 표시가 붙습니다/);
    fireEvent.change(screen.getByLabelText(/^링크 이름/), { target: { value: '딸기잼' } });
    fireEvent.change(select, { target: { value: 'ad' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '등록' }));
    });
    await waitFor(() => expect(screen.getByTestId('list-probe')).toBeInTheDocument());
    expect(sent(adapter)).toEqual([
      expect.objectContaining({ route: 'POST /store/create', body: expect.objectContaining({ disclosure: 'ad' }) }),
    ]);
  });

  it("shows the server's validation message and stays on the form", async () => {
    serve({
      'POST /store/create': () => ({
        status: 400,
        data: { statusCode: 400, message: '링크는 http 또는 https 주소여야 합니다.' },
      }),
    });
    renderCreate();
    fireEvent.change(screen.getByLabelText(/^링크 이름/), { target: { value: '컵' } });
    fireEvent.change(screen.getByLabelText(/^사진 링크/), { target: { value: 'https://cdn.example/cup.jpg' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '등록' }));
    });
    await waitFor(() =>
      expect(alert).toHaveBeenCalledWith(
        '링크를 등록하지 못했습니다. 아무것도 저장되지 않았습니다: 링크는 http 또는 https 주소여야 합니다.',
      ),
    );
    expect(screen.getByRole('button', { name: '등록' })).toBeEnabled();
    expect(screen.queryByTestId('list-probe')).toBeNull();
  });
});
