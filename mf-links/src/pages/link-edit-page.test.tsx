import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { serve, sent, useTestRuntimeConfig } from '@linksite/platform/src/testing/fake-http';
import { link } from '../testing/link-fixture';
import { LinkEditPage } from './link-edit-page';

let alert: jest.SpyInstance;
beforeEach(() => {
  useTestRuntimeConfig();
  alert = jest.spyOn(window, 'alert').mockImplementation(() => undefined);
  URL.createObjectURL = jest.fn(() => 'blob:test/new');
  URL.revokeObjectURL = jest.fn();
});
afterEach(() => alert.mockRestore());

const existing = link(5, '수분 크림', 0, {
  tag: '뷰티/스킨케어',
  tags: ['뷰티', '스킨케어'],
  link: 'https://shop.example/1',
  imagelink: '/api/images/abc',
});

function renderEdit() {
  return render(
    <MemoryRouter initialEntries={['/main/list', '/main/edit/5']} initialIndex={1}>
      <Routes>
        <Route path="/main/edit/:id" element={<LinkEditPage />} />
        <Route path="/main/list" element={<p data-testid="list-probe">list</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('LinkEditPage', () => {
  it('shows 불러오는 중… until the link has loaded, then its values with tags as one comma-separated string', async () => {
    serve({ 'GET /main/detail/5': () => ({ status: 200, data: { product: existing } }) });
    renderEdit();
    expect(screen.getByRole('heading', { name: '링크 수정' })).toBeInTheDocument();
    expect(screen.getByText('불러오는 중…')).toBeInTheDocument();
    expect(await screen.findByLabelText(/^링크 이름/)).toHaveValue('수분 크림');
    expect(screen.getByLabelText(/^태그/)).toHaveValue('뷰티, 스킨케어');
    expect(screen.getByLabelText(/^구매 사이트 링크/)).toHaveValue('https://shop.example/1');
    expect(screen.getByLabelText(/^사진 링크/)).toHaveValue('/api/images/abc');
    expect(await screen.findByTestId('image-dropzone-preview')).toHaveAttribute('src', '/api/images/abc?w=640');
    expect(screen.getByRole('button', { name: '수정' })).toBeInTheDocument();
  });

  it('sends the fields and the new file in ONE multipart request, alerts and goes to the list', async () => {
    const adapter = serve({
      'GET /main/detail/5': () => ({ status: 200, data: { product: existing } }),
      'PUT /main/update/5/with-image': () => ({
        status: 200,
        data: { message: '링크가 수정되었습니다.', product: existing },
      }),
    });
    renderEdit();
    fireEvent.change(await screen.findByLabelText(/^링크 이름/), { target: { value: '수분 크림 대용량' } });
    const webp = new Uint8Array([...'RIFF\0\0\0\0WEBPVP8 '].map((c) => c.charCodeAt(0)));
    await act(async () => {
      fireEvent.change(screen.getByTestId('image-dropzone-input'), {
        target: { files: [new File([webp], 'new.webp', { type: 'image/webp' })] },
      });
    });
    await waitFor(() => expect(screen.getByLabelText(/^사진 링크/)).toHaveValue(''));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '수정' }));
    });
    await waitFor(() => expect(screen.getByTestId('list-probe')).toBeInTheDocument());
    expect(sent(adapter).map((r) => r.route)).toEqual(['GET /main/detail/5', 'PUT /main/update/5/with-image']);
    const form = adapter.mock.calls[1]![0].data as FormData;
    expect(form.get('pname')).toBe('수분 크림 대용량');
    expect(form.get('tag')).toBe('뷰티, 스킨케어');
    expect(form.has('imagelink')).toBe(false);
    expect(form.get('image')).toBeInstanceOf(File);
    expect(alert).toHaveBeenCalledWith('링크가 수정되었습니다.');
  });

  it('loads the stored 광고 표시 and sends the changed one (docs/decisions/0070-disclosure-label.md)', async () => {
    const sponsored = { ...existing, imagelink: null, disclosure: 'sponsored' as const };
    const adapter = serve({
      'GET /main/detail/5': () => ({ status: 200, data: { product: sponsored } }),
      'PUT /main/update/5': () => ({ status: 200, data: { message: '링크가 수정되었습니다.', product: sponsored } }),
    });
    renderEdit();
    const select = await screen.findByRole('combobox', { name: '광고 표시' });
    expect(select).toHaveValue('sponsored');
    fireEvent.change(select, { target: { value: 'affiliate' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '수정' }));
    });
    await waitFor(() => expect(screen.getByTestId('list-probe')).toBeInTheDocument());
    expect(sent(adapter)[1]).toEqual(
      expect.objectContaining({
        route: 'PUT /main/update/5',
        body: expect.objectContaining({ disclosure: 'affiliate' }),
      }),
    );
  });

  it('editing a link that has no image asks nothing (the question is for create only, docs/decisions/0055-form-flow.md)', async () => {
    const confirm = jest.spyOn(window, 'confirm').mockImplementation(() => false);
    const bare = link(7, '사진 없는 링크', 2, { imagelink: null });
    const adapter = serve({
      'GET /main/detail/7': () => ({ status: 200, data: { product: bare } }),
      'PUT /main/update/7': () => ({ status: 200, data: { message: '링크가 수정되었습니다.', product: bare } }),
    });
    render(
      <MemoryRouter initialEntries={['/main/edit/7']}>
        <Routes>
          <Route path="/main/edit/:id" element={<LinkEditPage />} />
          <Route path="/main/list" element={<p data-testid="list-probe">list</p>} />
        </Routes>
      </MemoryRouter>,
    );
    fireEvent.change(await screen.findByLabelText(/^태그/), { target: { value: '#해시' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '수정' }));
    });
    await waitFor(() => expect(screen.getByTestId('list-probe')).toBeInTheDocument());
    expect(confirm).not.toHaveBeenCalled();
    expect(sent(adapter)[1]).toEqual({ route: 'PUT /main/update/7', body: expect.objectContaining({ tag: '해시' }) });
    confirm.mockRestore();
  });

  it('shows the Korean error of a 404 without 다시 시도 (asking again cannot find it, docs/decisions/0055-form-flow.md)', async () => {
    serve({
      'GET /main/detail/5': () => ({ status: 404, data: { statusCode: 404, message: '링크를 찾을 수 없습니다.' } }),
    });
    renderEdit();
    const notice = await screen.findByTestId('link-edit-error');
    expect(notice).toHaveTextContent('링크 정보를 불러오지 못했습니다. 링크를 찾을 수 없습니다.');
    expect(screen.queryByRole('button', { name: '다시 시도' })).toBeNull();
  });

  it('offers 다시 시도 for a server failure, and the retry loads the form', async () => {
    let calls = 0;
    serve({
      'GET /main/detail/5': () =>
        ++calls === 1
          ? { status: 503, data: { statusCode: 503, message: '서비스를 일시적으로 사용할 수 없습니다.' } }
          : { status: 200, data: { product: existing } },
    });
    renderEdit();
    fireEvent.click(await screen.findByRole('button', { name: '다시 시도' }));
    expect(await screen.findByLabelText(/^링크 이름/)).toHaveValue('수분 크림');
  });

  describe('a save another administrator overtook (docs/decisions/0048-no-silent-overwrite.md)', () => {
    // A valid image key, so the form's own checks pass (the fixture's short key is only read, never saved).
    const loaded = { ...existing, imagelink: `/api/images/${'a'.repeat(64)}` };
    const theirs = { ...loaded, pname: '수분 크림 리뉴얼', version: 2 };
    const conflictAnswer = {
      status: 409,
      data: {
        statusCode: 409,
        message:
          '다른 관리자가 이 링크를 먼저 수정했습니다. 저장된 내용과 비교한 뒤, 내 변경을 그 위에 적용해 다시 저장해주세요.',
        product: theirs,
      },
    };

    it('sends the loaded version; a 409 shows stored vs mine field by field; 내 변경 적용 then 수정 saves both changes', async () => {
      let puts = 0;
      const adapter = serve({
        'GET /main/detail/5': () => ({ status: 200, data: { product: loaded } }),
        'PUT /main/update/5': () =>
          ++puts === 1
            ? conflictAnswer
            : { status: 200, data: { message: '링크가 수정되었습니다.', product: { ...theirs, version: 3 } } },
      });
      renderEdit();
      fireEvent.change(await screen.findByLabelText(/^태그/), { target: { value: '여름, 한정판' } });
      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: '수정' }));
      });
      const panel = await screen.findByTestId('link-conflict');
      expect(sent(adapter)[1]).toEqual({
        route: 'PUT /main/update/5',
        body: expect.objectContaining({ pname: '수분 크림', tag: '여름, 한정판', version: 1 }),
      });
      expect(panel).toHaveTextContent('다른 관리자가 먼저 저장했습니다');
      expect(panel).toHaveTextContent('다른 관리자가 이 링크를 먼저 수정했습니다.');
      expect(alert).not.toHaveBeenCalled();
      expect(screen.queryByTestId('list-probe')).toBeNull();
      // Field by field: the stored value beside mine, and who changed it; untouched equal fields are not listed.
      const name = screen.getByTestId('conflict-pname');
      expect(name).toHaveTextContent('링크 이름');
      expect(name).toHaveTextContent('수분 크림 리뉴얼다른 관리자가 바꿈');
      expect(name).toHaveTextContent('수분 크림');
      const tags = screen.getByTestId('conflict-tag');
      expect(tags).toHaveTextContent('뷰티, 스킨케어');
      expect(tags).toHaveTextContent('여름, 한정판내가 바꿈');
      expect(screen.queryByTestId('conflict-link')).toBeNull();
      expect(screen.queryByTestId('conflict-imagelink')).toBeNull();

      fireEvent.click(screen.getByRole('button', { name: '내 변경 적용' }));
      expect(screen.queryByTestId('link-conflict')).toBeNull();
      expect(screen.getByTestId('link-edit-status')).toHaveTextContent('최신 내용에 내 변경을 적용했습니다.');
      expect(screen.getByLabelText(/^링크 이름/)).toHaveValue('수분 크림 리뉴얼');
      expect(screen.getByLabelText(/^태그/)).toHaveValue('여름, 한정판');
      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: '수정' }));
      });
      await waitFor(() => expect(screen.getByTestId('list-probe')).toBeInTheDocument());
      expect(sent(adapter)[2]).toEqual({
        route: 'PUT /main/update/5',
        body: expect.objectContaining({ pname: '수분 크림 리뉴얼', tag: '여름, 한정판', version: 2 }),
      });
      expect(alert).toHaveBeenCalledWith('링크가 수정되었습니다.');
    });

    it('저장된 내용으로 다시 불러오기 drops my change and loads the stored link with its version', async () => {
      const adapter = serve({
        'GET /main/detail/5': () => ({ status: 200, data: { product: loaded } }),
        'PUT /main/update/5': () => conflictAnswer,
      });
      renderEdit();
      fireEvent.change(await screen.findByLabelText(/^태그/), { target: { value: '여름' } });
      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: '수정' }));
      });
      fireEvent.click(await screen.findByRole('button', { name: '저장된 내용으로 다시 불러오기' }));
      expect(screen.getByTestId('link-edit-status')).toHaveTextContent('저장된 최신 내용을 불러왔습니다.');
      expect(screen.getByLabelText(/^링크 이름/)).toHaveValue('수분 크림 리뉴얼');
      expect(screen.getByLabelText(/^태그/)).toHaveValue('뷰티, 스킨케어');
      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: '수정' }));
      });
      await waitFor(() => expect(sent(adapter)).toHaveLength(3));
      expect(sent(adapter)[2]).toEqual({
        route: 'PUT /main/update/5',
        body: expect.objectContaining({ pname: '수분 크림 리뉴얼', tag: '뷰티, 스킨케어', version: 2 }),
      });
    });

    it('keeps the chosen image file through 내 변경 적용 and sends it with the stored version', async () => {
      let puts = 0;
      const adapter = serve({
        'GET /main/detail/5': () => ({ status: 200, data: { product: loaded } }),
        'PUT /main/update/5/with-image': () =>
          ++puts === 1
            ? conflictAnswer
            : { status: 200, data: { message: '링크가 수정되었습니다.', product: { ...theirs, version: 3 } } },
      });
      renderEdit();
      await screen.findByLabelText(/^링크 이름/);
      const webp = new Uint8Array([...'RIFF\0\0\0\0WEBPVP8 '].map((c) => c.charCodeAt(0)));
      await act(async () => {
        fireEvent.change(screen.getByTestId('image-dropzone-input'), {
          target: { files: [new File([webp], 'new.webp', { type: 'image/webp' })] },
        });
      });
      await waitFor(() => expect(screen.getByTestId('chosen-file')).toBeInTheDocument());
      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: '수정' }));
      });
      expect(await screen.findByTestId('conflict-imagelink')).toHaveTextContent('선택한 파일: new.webp');
      fireEvent.click(screen.getByRole('button', { name: '내 변경 적용' }));
      expect(screen.getByTestId('chosen-file')).toHaveTextContent('선택한 파일: new.webp');
      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: '수정' }));
      });
      await waitFor(() => expect(screen.getByTestId('list-probe')).toBeInTheDocument());
      const form = adapter.mock.calls[2]![0].data as FormData;
      expect(form.get('pname')).toBe('수분 크림 리뉴얼');
      expect(form.get('version')).toBe('2');
      expect(form.get('image')).toBeInstanceOf(File);
    });
  });

  describe('visibility (docs/decisions/0026-creator-features.md)', () => {
    const deal = link(6, '공동구매 잼', 1, {
      imagelink: 'https://img.example/jam.png',
      enabled: false,
      visibility: 'hidden',
      showFrom: '2026-11-22T01:00:00.000Z',
      showUntil: '2026-11-24T15:00:00.000Z',
    });
    const renderDeal = () =>
      render(
        <MemoryRouter initialEntries={['/main/list', '/main/edit/6']} initialIndex={1}>
          <Routes>
            <Route path="/main/edit/:id" element={<LinkEditPage />} />
            <Route path="/main/list" element={<p data-testid="list-probe">list</p>} />
          </Routes>
        </MemoryRouter>,
      );

    it('loads the switch and the window in Seoul time, and sends them back with +09:00', async () => {
      const adapter = serve({
        'GET /main/detail/6': () => ({ status: 200, data: { product: deal } }),
        'PUT /main/update/6': () => ({ status: 200, data: { message: '링크가 수정되었습니다.', product: deal } }),
      });
      renderDeal();
      expect(await screen.findByLabelText('방문자에게 공개')).not.toBeChecked();
      expect(screen.getByLabelText('공개 시작')).toHaveValue('2026년 11월 22일 오전 10:00');
      expect(screen.getByLabelText('공개 종료')).toHaveValue('2026년 11월 25일 오전 12:00');
      fireEvent.click(screen.getByLabelText('방문자에게 공개'));
      fireEvent.change(screen.getByLabelText('공개 종료'), { target: { value: '' } });
      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: '수정' }));
      });
      await waitFor(() => expect(screen.getByTestId('list-probe')).toBeInTheDocument());
      expect(sent(adapter)[1]).toEqual({
        route: 'PUT /main/update/6',
        body: expect.objectContaining({ enabled: true, showFrom: '2026-11-22T10:00:00+09:00', showUntil: null }),
      });
    });

    it('refuses a window that ends before it starts, in Korean, and sends nothing', async () => {
      const adapter = serve({ 'GET /main/detail/6': () => ({ status: 200, data: { product: deal } }) });
      renderDeal();
      fireEvent.change(await screen.findByLabelText('공개 종료'), { target: { value: '2026년 11월 22일 오전 9:00' } });
      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: '수정' }));
      });
      expect(screen.getByTestId('window-error')).toHaveTextContent('공개 종료는 공개 시작보다 늦어야 합니다.');
      expect(screen.getByLabelText('공개 종료')).toHaveAttribute('aria-invalid', 'true');
      expect(sent(adapter).map((r) => r.route)).toEqual(['GET /main/detail/6']);
    });
  });
});
