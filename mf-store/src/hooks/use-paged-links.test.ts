import { renderHook, waitFor } from '@testing-library/react';
import type { Link } from '@linksite/contract';
import { serve, sent, useTestRuntimeConfig } from '@linksite/platform/src/testing/fake-http';
import { usePagedLinks } from './use-paged-links';

const link = (id: number, tags: string[]): Link => ({
  id,
  pname: `상품 ${id}`,
  tag: tags.join('/'),
  tags,
  link: null,
  imagelink: null,
  pcode: id - 1,
  enabled: true,
  disclosure: 'none',
  showFrom: null,
  showUntil: null,
  visibility: 'visible',
  opensInDays: null,
  version: 1,
});

beforeEach(() => useTestRuntimeConfig());

/**
 * docs/decisions/0032-server-rendered-first-screen.md, docs/decisions/0036-paged-public-read.md: the served page's
 * first page stands for the first read once, not for every later one.
 */
describe('usePagedLinks with the first screen’s page', () => {
  it('starts from it without a read, and reads the unfiltered list again after a tag was shown', async () => {
    const first = { items: [link(1, ['캠핑']), link(2, ['뷰티'])], nextCursor: null };
    const http = serve({
      'GET /store/page': (request) => ({
        status: 200,
        data: {
          product: request.params?.tag === '캠핑' ? { items: [link(1, ['캠핑'])], nextCursor: null } : first,
        },
      }),
    });
    const { result, rerender } = renderHook(({ tag }) => usePagedLinks(tag, first), {
      initialProps: { tag: null as string | null },
    });
    expect(result.current.items.map((item) => item.id)).toEqual([1, 2]);
    expect(sent(http)).toEqual([]);

    rerender({ tag: '캠핑' });
    await waitFor(() => expect(result.current.items.map((item) => item.id)).toEqual([1]));

    // Back to every link: read again (it used to stay `loading`, the first page being "already there").
    rerender({ tag: null });
    await waitFor(() => expect(result.current.status).toBe('done'));
    expect(result.current.items.map((item) => item.id)).toEqual([1, 2]);
    expect(sent(http).map(({ route }) => route)).toEqual(['GET /store/page', 'GET /store/page']);
  });
});
