import type { InternalAxiosRequestConfig } from 'axios';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { serve, sent, useTestRuntimeConfig } from '@linksite/platform/src/testing/fake-http';
import { link } from '../testing/link-fixture';
import { LIST_PAGE_SIZE, LinkListPage } from './link-list-page';

/** 250 links: three pages of the list. */
const many = Array.from({ length: 250 }, (_, i) => link(i + 1, `상품 ${i + 1}`, i));

let prompt: jest.SpyInstance;
let alert: jest.SpyInstance;
beforeEach(() => {
  useTestRuntimeConfig();
  prompt = jest.spyOn(window, 'prompt');
  alert = jest.spyOn(window, 'alert').mockImplementation(() => undefined);
});
afterEach(() => {
  prompt.mockRestore();
  alert.mockRestore();
});

const names = () => screen.getAllByTestId('link-row-name').map((el) => el.textContent);

function renderList() {
  return render(
    <MemoryRouter initialEntries={['/main/list']}>
      <LinkListPage />
    </MemoryRouter>,
  );
}

describe('LinkListPage in pages (docs/decisions/0036-paged-public-read.md)', () => {
  it(`shows ${LIST_PAGE_SIZE} rows at a time, with 처음 / 이전 / 다음 / 마지막`, async () => {
    serve({ 'GET /main/list': () => ({ status: 200, data: { product: many } }) });
    renderList();
    expect(await screen.findAllByTestId('link-row')).toHaveLength(LIST_PAGE_SIZE);
    expect(screen.getByTestId('link-pager-range')).toHaveTextContent('1–100번째 / 전체 250개');
    expect(screen.getByRole('button', { name: '이전' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: '다음' }));
    expect(names()[0]).toBe('상품 101');
    fireEvent.click(screen.getByRole('button', { name: '마지막' }));
    expect(screen.getAllByTestId('link-row')).toHaveLength(50);
    expect(screen.getByTestId('link-pager-range')).toHaveTextContent('201–250번째 / 전체 250개');
    expect(screen.getByRole('button', { name: '다음' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: '처음' }));
    expect(names()[0]).toBe('상품 1');
  });

  it('moves a link of the last page to the first place with 위치 지정 (the same PUT, global positions)', async () => {
    const moved = [many[209]!, ...many.filter((l) => l.id !== 210)].map((l, pcode) => ({ ...l, pcode }));
    const adapter = serve({
      'GET /main/list': () => ({ status: 200, data: { product: many } }),
      'PUT /main/update/order/210/0/209': (request: InternalAxiosRequestConfig) => {
        expect(JSON.parse(request.data as string)).toEqual({ pcode: 0 });
        return { status: 200, data: { message: '순서가 변경되었습니다.', product: moved } };
      },
    });
    renderList();
    await screen.findAllByTestId('link-row');
    fireEvent.click(screen.getByRole('button', { name: '순서 변경' }));
    expect(screen.getByText(/‘위치 지정’을 눌러/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '마지막' }));
    prompt.mockReturnValueOnce('0').mockReturnValueOnce('1');
    // Out of range: told so, nothing sent.
    fireEvent.click(screen.getByRole('button', { name: '상품 210 위치 지정' }));
    expect(alert).toHaveBeenCalledWith('1부터 250 사이의 숫자를 입력해 주세요.');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '상품 210 위치 지정' })));
    expect(prompt).toHaveBeenLastCalledWith('상품 210을(를) 몇 번째로 옮길까요? 지금 210번째 / 전체 250개', '210');
    await waitFor(() => expect(screen.getByTestId('link-list-status')).toHaveTextContent('순서가 변경되었습니다.'));
    expect(sent(adapter).filter((r) => r.route.startsWith('PUT'))).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: '처음' }));
    expect(names().slice(0, 2)).toEqual(['상품 210', '상품 1']);
  });

  it('has no pager nor 위치 지정 when every link fits on one page', async () => {
    serve({ 'GET /main/list': () => ({ status: 200, data: { product: many.slice(0, 3) } }) });
    renderList();
    await screen.findAllByTestId('link-row');
    fireEvent.click(screen.getByRole('button', { name: '순서 변경' }));
    expect(screen.queryByTestId('link-pager')).toBeNull();
    expect(screen.queryAllByTestId('link-row-move-to')).toHaveLength(0);
  });
});
