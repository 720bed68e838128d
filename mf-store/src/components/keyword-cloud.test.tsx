import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useTestRuntimeConfig } from '@linksite/platform/src/testing/fake-http';
import { TOOLTIP_MAX_WIDTH, TOOLTIP_Z_INDEX } from '../lib/tooltip';
import { KeywordCloud } from './keyword-cloud';

jest.mock('@linksite/platform', () => ({ ...jest.requireActual('@linksite/platform'), trackClick: jest.fn() }));

// d3-cloud needs a canvas, which jsdom lacks: place the words in a row instead.
const rowLayout = (
  words: { text: string; value: number; size: number }[],
  _size: [number, number],
  done: (placed: { text: string; value: number; size: number; x: number; y: number; rotate: number }[]) => void,
) => {
  done(words.map((w, i) => ({ ...w, x: i * 10, y: 0, rotate: 0 })));
  return () => undefined;
};

const words = [
  { text: '뷰티', value: 5 },
  { text: '캠핑', value: 1200 },
];

beforeEach(() => useTestRuntimeConfig());

async function renderCloud() {
  render(<KeywordCloud words={words} searchUrl="https://search.example/?q={keyword}" layout={rowLayout} />);
  const cloudWords = await screen.findAllByTestId('cloud-word');
  const tooltip = screen.getByTestId('cloud-tooltip');
  return { cloudWords, tooltip };
}

describe('KeywordCloud tooltips (docs/decisions/0037-keyword-tooltips.md)', () => {
  it('shows the word and its link count on hover, with the docs/product.md#9-constants-and-limits defaults, and hides it on leave', async () => {
    const { cloudWords, tooltip } = await renderCloud();
    const camping = cloudWords.find((w) => w.textContent === '캠핑')!;
    expect(tooltip).toHaveAttribute('role', 'tooltip');
    expect(tooltip).toHaveAttribute('data-state', 'closed');
    expect(tooltip).not.toBeVisible();

    fireEvent.mouseEnter(camping);
    // Floating UI arrives by dynamic import, then the position is computed: open once placed.
    await waitFor(() => expect(tooltip).toHaveAttribute('data-state', 'open'));
    expect(tooltip).toHaveTextContent('#캠핑 · 링크 1,200개');
    expect(tooltip).toBeVisible();
    expect(camping).toHaveAttribute('aria-describedby', tooltip.id);
    expect(tooltip.style.maxWidth).toBe(`${TOOLTIP_MAX_WIDTH}px`);
    expect(tooltip.style.zIndex).toBe(String(TOOLTIP_Z_INDEX));
    expect(tooltip.style.transition).toContain('opacity 300ms ease 0ms');

    fireEvent.mouseLeave(camping);
    expect(tooltip).toHaveAttribute('data-state', 'closed');
    expect(camping).not.toHaveAttribute('aria-describedby');
    // Fades out over 250 ms with its text still there, then leaves the page (visibility hidden).
    expect(tooltip.style.transition).toContain('opacity 250ms');
    expect(tooltip.style.transition).toContain('visibility 0s linear 250ms');
    expect(tooltip).toHaveTextContent('#캠핑 · 링크 1,200개');
  });

  it('shows on keyboard focus (every word is in the Tab order), moves with the focus, and Escape closes it', async () => {
    const { cloudWords, tooltip } = await renderCloud();
    // jsdom does not move the focus on Tab (the e2e test presses it in Chromium): focus as Tab would.
    for (const word of cloudWords) expect(word).toHaveAttribute('tabindex', '0');
    act(() => cloudWords[0]!.focus());
    expect(cloudWords[0]).toHaveFocus();
    await waitFor(() => expect(tooltip).toHaveAttribute('data-state', 'open'));
    expect(tooltip).toHaveTextContent(`#${cloudWords[0]!.textContent} ·`);
    expect(cloudWords[0]).toHaveAttribute('aria-describedby', tooltip.id);

    act(() => cloudWords[1]!.focus());
    expect(cloudWords[1]).toHaveFocus();
    await waitFor(() => expect(tooltip).toHaveTextContent(`#${cloudWords[1]!.textContent} ·`));
    expect(cloudWords[0]).not.toHaveAttribute('aria-describedby');
    expect(cloudWords[1]).toHaveAttribute('aria-describedby', tooltip.id);

    fireEvent.keyDown(cloudWords[1]!, { key: 'Escape' });
    expect(tooltip).toHaveAttribute('data-state', 'closed');
    expect(cloudWords[1]).toHaveFocus();
  });

  it('Escape closes a hovered word’s tooltip wherever the focus is; a click still opens the search', async () => {
    const open = jest.spyOn(window, 'open').mockImplementation(() => null);
    const { cloudWords, tooltip } = await renderCloud();
    fireEvent.mouseEnter(cloudWords[0]!);
    await waitFor(() => expect(tooltip).toHaveAttribute('data-state', 'open'));
    act(() => {
      document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    });
    expect(tooltip).toHaveAttribute('data-state', 'closed');
    fireEvent.click(cloudWords[0]!); // 캠핑, the heaviest word, comes first
    expect(open).toHaveBeenCalledWith('https://search.example/?q=%EC%BA%A0%ED%95%91', '_blank', 'noopener,noreferrer');
    open.mockRestore();
  });
});
