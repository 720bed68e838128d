import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { serve, useTestRuntimeConfig } from '@linksite/platform/src/testing/fake-http';
import { link } from '../testing/link-fixture';
import { makeQrFiles } from '../lib/qr-files';
import { QrPage } from './qr-page';

// The files themselves are tested with the real library in lib/qr-files.test.ts (Node: jsdom makes its PNG
// encoder slow); here each address gets recognisable stand-ins.
jest.mock('../lib/qr-files', () => ({
  ...jest.requireActual('../lib/qr-files'),
  makeQrFiles: jest.fn(async (text: string) => ({
    png: `data:image/png;base64,${Buffer.from(`png of ${text}`).toString('base64')}`,
    svg: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(`<svg>${text}</svg>`)}`,
  })),
}));

const links = [
  link(3, '수분 크림', 0, { link: 'https://shop.example/cream' }),
  link(4, '매장 안내', 1, { link: null }),
];

beforeEach(() => useTestRuntimeConfig());

const decode = (dataUrl: string) => Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');

describe('QrPage (/main/qr, docs/decisions/0038-share-and-qr.md)', () => {
  it('makes the site’s QR code as a PNG and an SVG, then any card’s with a link', async () => {
    serve({ 'GET /main/list': () => ({ status: 200, data: { product: links } }) });
    render(<QrPage />);
    expect(screen.getByRole('heading', { name: 'QR 코드' })).toBeInTheDocument();
    expect(screen.getByTestId('qr-url')).toHaveTextContent('http://localhost/');

    const png = await screen.findByRole('link', { name: 'PNG 내려받기' });
    expect(png).toHaveAttribute('download', 'qr-site.png');
    expect(decode(png.getAttribute('href')!).toString()).toBe('png of http://localhost/');
    const svg = screen.getByRole('link', { name: 'SVG 내려받기' });
    expect(svg).toHaveAttribute('download', 'qr-site.svg');
    expect(decodeURIComponent(svg.getAttribute('href')!.split(',')[1]!)).toBe('<svg>http://localhost/</svg>');
    expect(screen.getByRole('img', { name: '사이트 첫 화면 QR 코드' })).toHaveAttribute(
      'src',
      svg.getAttribute('href'),
    );

    const select = screen.getByRole('combobox', { name: 'QR 코드로 만들 주소' });
    const option = await screen.findByRole('option', { name: '카드: 수분 크림' });
    expect(screen.getByRole('option', { name: '카드: 매장 안내 (링크 없음)' })).toBeDisabled();
    fireEvent.change(select, { target: { value: option.getAttribute('value') } });
    expect(screen.getByTestId('qr-url')).toHaveTextContent('https://shop.example/cream');
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'PNG 내려받기' })).toHaveAttribute('download', 'qr-link-3.png'),
    );
    expect(screen.getByRole('link', { name: 'SVG 내려받기' })).toHaveAttribute('download', 'qr-link-3.svg');
    expect(decode(screen.getByRole('link', { name: 'PNG 내려받기' }).getAttribute('href')!).toString()).toBe(
      'png of https://shop.example/cream',
    );
    expect(makeQrFiles).toHaveBeenLastCalledWith('https://shop.example/cream');
    expect(screen.getByRole('img', { name: '수분 크림 QR 코드' })).toBeInTheDocument();
  });

  it('still makes the site’s code when the cards do not load, and says so in Korean', async () => {
    serve({
      'GET /main/list': () => ({ status: 500, data: { statusCode: 500, message: '서버 오류가 발생했습니다.' } }),
    });
    render(<QrPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      '카드 목록을 불러오지 못해 사이트 QR 코드만 만들 수 있습니다.',
    );
    expect(await screen.findByRole('link', { name: 'PNG 내려받기' })).toHaveAttribute('download', 'qr-site.png');
    expect(screen.getAllByRole('option')).toHaveLength(1);
  });
});
