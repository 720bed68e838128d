import { fireEvent, render, screen, within } from '@testing-library/react';
import type { Link } from '@linksite/contract';
import { trackClick } from '@linksite/platform';
import { useTestRuntimeConfig } from '@linksite/platform/src/testing/fake-http';
import { ProductCard } from './product-card';

const product = (over: Partial<Link> = {}): Link => ({
  id: 1,
  pname: '수분 진정 크림',
  tag: '뷰티//스킨케어/ /한정판',
  tags: ['뷰티', '스킨케어', '한정판'],
  link: 'https://shop.example.com/p/1',
  imagelink: '/api/images/abc123',
  pcode: 0,
  enabled: true,
  disclosure: 'none',
  showFrom: null,
  showUntil: null,
  visibility: 'visible',
  opensInDays: null,
  version: 1,
  ...over,
});

jest.mock('@linksite/platform', () => ({ ...jest.requireActual('@linksite/platform'), trackClick: jest.fn() }));

beforeEach(() => {
  useTestRuntimeConfig();
  (trackClick as jest.Mock).mockClear();
});

describe('ProductCard', () => {
  it('shows the name and one chip per non-empty tag part', () => {
    render(<ProductCard product={product()} index={0} />);
    const card = screen.getByTestId('store-card');
    expect(within(card).getByRole('heading', { name: '수분 진정 크림' })).toBeInTheDocument();
    const chips = card.querySelectorAll('.lk-chip');
    expect([...chips].map((c) => c.textContent)).toEqual(['뷰티', '스킨케어', '한정판']);
    for (const chip of chips) expect(chip.className).toMatch(/lk-chip--(rose|amber|lime|sky|violet|slate)/);
  });

  it.each([
    ['ad', '광고'],
    ['sponsored', '협찬'],
    ['affiliate', '제휴'],
  ] as const)(
    'starts with its disclosure %s as %s: first in the card and its accessible name (docs/decisions/0070-disclosure-label.md)',
    (disclosure, label) => {
      render(<ProductCard product={product({ disclosure })} index={0} />);
      const card = screen.getByTestId('store-card');
      expect(card.firstElementChild).toBe(screen.getByTestId('store-card-disclosure'));
      expect(card.textContent).toMatch(new RegExp(`^${label} · 수분 진정 크림`));
      expect(screen.getByRole('link', { name: new RegExp(`^${label} · 수분 진정 크림`) })).toBe(card);
    },
  );

  it('a card without a link starts with its disclosure too; none shows no label', () => {
    const { unmount } = render(<ProductCard product={product({ link: null, disclosure: 'ad' })} index={0} />);
    expect(screen.getByTestId('store-card').textContent).toMatch(/^광고 · 수분 진정 크림/);
    unmount();
    render(<ProductCard product={product()} index={0} />);
    expect(screen.queryByTestId('store-card-disclosure')).toBeNull();
    expect(screen.getByTestId('store-card').textContent).toMatch(/^수분 진정 크림/);
  });

  it('opens the product link in a new window when there is one', () => {
    render(<ProductCard product={product()} index={0} />);
    const card = screen.getByTestId('store-card');
    expect(card.tagName).toBe('A');
    expect(card).toHaveAttribute('href', 'https://shop.example.com/p/1');
    expect(card).toHaveAttribute('target', '_blank');
    expect(card).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('is a plain block without a link', () => {
    render(<ProductCard product={product({ link: null })} index={0} />);
    const card = screen.getByTestId('store-card');
    expect(card.tagName).toBe('DIV');
    expect(card.querySelector('a')).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('asks for the 320 px variant of an internal image with fixed dimensions', () => {
    render(<ProductCard product={product()} index={0} />);
    const img = screen.getByRole('img', { name: '수분 진정 크림' });
    expect(img).toHaveAttribute('src', '/api/images/abc123?w=320');
    expect(img.getAttribute('srcset')).toBe('/api/images/abc123?w=320 320w, /api/images/abc123?w=640 640w');
    expect(img).toHaveAttribute('width', '320');
    expect(img).toHaveAttribute('height', '320');
    expect(img).toHaveAttribute('loading', 'eager');
    expect(img).toHaveAttribute('fetchpriority', 'high');
  });

  it('loads images below the fold lazily and uses external images as they are', () => {
    render(<ProductCard product={product({ imagelink: 'https://cdn.example.com/a.jpg' })} index={8} />);
    const img = screen.getByRole('img', { name: '수분 진정 크림' });
    expect(img).toHaveAttribute('src', 'https://cdn.example.com/a.jpg');
    expect(img).not.toHaveAttribute('srcset');
    expect(img).toHaveAttribute('loading', 'lazy');
  });

  it('shows a placeholder when there is no image', () => {
    render(<ProductCard product={product({ imagelink: null })} index={0} />);
    expect(screen.getByRole('img', { name: '이미지 없음' })).toBeInTheDocument();
    expect(screen.getByTestId('store-card').querySelector('img')).toBeNull();
  });

  it('reports a click on a card with a link (its id and shop), letting the browser open the new tab itself', () => {
    render(<ProductCard product={product({ id: 7 })} index={0} />);
    const opened = fireEvent.click(screen.getByTestId('store-card'));
    expect(opened).toBe(true); // not prevented: the tab opens in the click, never delayed
    expect(trackClick).toHaveBeenCalledWith({ linkId: 7, url: 'https://shop.example.com/p/1' });
  });

  it('reports nothing for a card without a link', () => {
    render(<ProductCard product={product({ link: null })} index={0} />);
    fireEvent.click(screen.getByTestId('store-card'));
    expect(trackClick).not.toHaveBeenCalled();
  });
});
