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
  it('shows Loading.... until the link has loaded, then its values with tags as one comma-separated string', async () => {
    serve({ 'GET /main/select/5': () => ({ status: 200, data: { product: existing } }) });
    renderEdit();
    expect(screen.getByRole('heading', { name: '링크 수정' })).toBeInTheDocument();
    expect(screen.getByText('Loading....')).toBeInTheDocument();
    expect(await screen.findByLabelText(/^상품 이름/)).toHaveValue('수분 크림');
    expect(screen.getByLabelText(/^태그 정보/)).toHaveValue('뷰티, 스킨케어');
    expect(screen.getByLabelText(/^링크$/)).toHaveValue('https://shop.example/1');
    expect(screen.getByLabelText(/^사진 링크/)).toHaveValue('/api/images/abc');
    expect(screen.getByTestId('image-dropzone-preview')).toHaveAttribute('src', '/api/images/abc?w=640');
    expect(screen.getByRole('button', { name: '수정' })).toBeInTheDocument();
  });

  it('updates, replaces the image when a new file was chosen, alerts and goes to the list', async () => {
    const adapter = serve({
      'GET /main/select/5': () => ({ status: 200, data: { product: existing } }),
      'PUT /main/update/5': () => ({ status: 200, data: { message: '링크가 수정되었습니다.', product: existing } }),
      'PUT /image/5': () => ({ status: 200, data: { message: '이미지가 변경되었습니다.' } }),
    });
    renderEdit();
    fireEvent.change(await screen.findByLabelText(/^상품 이름/), { target: { value: '수분 크림 대용량' } });
    await act(async () => {
      fireEvent.change(screen.getByTestId('image-dropzone-input'), {
        target: { files: [new File(['x'], 'new.webp', { type: 'image/webp' })] },
      });
    });
    expect(screen.getByLabelText(/^사진 링크/)).toHaveValue('');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '수정' }));
    });
    await waitFor(() => expect(screen.getByTestId('list-probe')).toBeInTheDocument());
    expect(sent(adapter).map((r) => r.route)).toEqual(['GET /main/select/5', 'PUT /main/update/5', 'PUT /image/5']);
    // The old image stays until the upload replaces it.
    expect(JSON.parse(adapter.mock.calls[1]![0].data)).toEqual({
      pname: '수분 크림 대용량',
      tag: '뷰티, 스킨케어',
      link: 'https://shop.example/1',
      imagelink: '/api/images/abc',
    });
    expect((adapter.mock.calls[2]![0].data as FormData).get('image')).toBeInstanceOf(File);
    expect(alert).toHaveBeenCalledWith('링크가 수정되었습니다.');
  });

  it('shows the Korean error when the link cannot be loaded', async () => {
    serve({ 'GET /main/select/5': () => ({ status: 404, data: { statusCode: 404, message: '링크를 찾을 수 없습니다.' } }) });
    renderEdit();
    expect(await screen.findByTestId('link-edit-error')).toHaveTextContent('링크 정보를 불러오지 못했습니다. 링크를 찾을 수 없습니다.');
  });
});
