import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { AnalyticsSummary } from '@linksite/contract';
import { serve, sent, useTestRuntimeConfig } from '@linksite/platform/src/testing/fake-http';
import type { CreateChart } from '../components/daily-chart';
import { InsightsRoutes } from '../routes';
import { InsightsPage } from './insights-page';

const day = (d: string, views: number, visitors: number, clicks: number, sampled = 0, dropped = 0) => ({
  day: d,
  views,
  visitors,
  clicks,
  sampled,
  dropped,
});

const report = (days: number): AnalyticsSummary => ({
  days,
  from: days === 7 ? '2026-11-14' : '2026-10-22',
  to: '2026-11-20',
  series: [day('2026-11-18', 3, 2, 2), day('2026-11-19', 1, 1, 2), day('2026-11-20', 1234, 1000, 1)],
  totals: { views: 1238, visitors: 1003, clicks: 5, sampled: 0, dropped: 0 },
  links: [
    { linkId: 1, pname: '딸기잼', clicks: 3, views: 5, ctr: 0.6 },
    { linkId: 2, pname: '머그컵', clicks: 0, views: 5, ctr: 0 },
  ],
  referrers: [{ name: 'instagram.com', count: 4 }],
  keywords: [{ name: '간식', count: 2 }],
  utmSources: [],
  devices: [
    { device: 'mobile', views: 300, visitors: 250 },
    { device: 'desktop', views: 938, visitors: 753 },
  ],
});

let charts: { series: unknown[]; destroyed: boolean }[];
const fakeChart: CreateChart = (_canvas, series) => {
  const chart = { series, destroyed: false };
  charts.push(chart);
  return () => {
    chart.destroyed = true;
  };
};

beforeEach(() => {
  useTestRuntimeConfig();
  charts = [];
});

const renderPage = async () =>
  render(
    <MemoryRouter initialEntries={['/insights']}>
      <InsightsPage createChart={fakeChart} />
    </MemoryRouter>,
  );

describe('방문 통계 (/insights)', () => {
  it('is the route /insights of the exposed Routes', async () => {
    serve({ 'GET /analytics/summary': () => ({ status: 200, data: { product: report(30) } }) });
    render(
      <MemoryRouter initialEntries={['/insights']}>
        <InsightsRoutes />
      </MemoryRouter>,
    );
    expect(await screen.findByRole('heading', { name: '방문 통계', level: 1 })).toBeInTheDocument();
  });

  it('shows the last 30 days: totals, the chart with its table, links with click-through, referrers, keywords, devices', async () => {
    const adapter = serve({ 'GET /analytics/summary': () => ({ status: 200, data: { product: report(30) } }) });
    await renderPage();
    expect(await screen.findByTestId('insights-total-views')).toHaveTextContent('1,238');
    expect(adapter.mock.calls[0]![0].params).toEqual({ days: 30 });
    expect(screen.getByTestId('insights-total-visitors')).toHaveTextContent('1,003');
    expect(screen.getByTestId('insights-total-clicks')).toHaveTextContent('5');
    expect(screen.getByTestId('insights-total-ctr')).toHaveTextContent('0.4%');
    expect(screen.getByText('최근 30일 · 2026년 10월 22일 ~ 2026년 11월 20일')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '30일' })).toHaveAttribute('aria-pressed', 'true');

    // The chart is an image with a label, drawn from the series; the same numbers are in a table.
    expect(screen.getByRole('img', { name: /최근 30일 동안의 일별 페이지뷰, 방문자, 클릭 차트/ })).toBeInTheDocument();
    expect(charts).toHaveLength(1);
    expect(charts[0]!.series).toHaveLength(3);
    const daily = within(screen.getByTestId('insights-daily-table'));
    expect(daily.getByRole('row', { name: '11월 20일 1234 1000 1' })).toBeInTheDocument();

    const rows = screen.getAllByTestId('insights-link-row').map((row) => row.textContent);
    expect(rows).toEqual(['딸기잼360%', '머그컵00%']);
    expect(within(screen.getByTestId('insights-referrers')).getByText('instagram.com')).toBeInTheDocument();
    expect(within(screen.getByTestId('insights-keywords')).getByText('간식')).toBeInTheDocument();
    expect(
      within(screen.getByTestId('insights-utm')).getByText('utm_source 가 붙은 방문이 아직 없습니다.'),
    ).toBeInTheDocument();
    const devices = within(screen.getByTestId('insights-devices'));
    expect(devices.getByText('모바일 24.2% (페이지뷰 300)')).toBeInTheDocument();
    expect(devices.getByText('데스크톱 75.8% (페이지뷰 938)')).toBeInTheDocument();
  });

  it('says when days were sampled past the daily budget, or events dropped, and nothing when neither', async () => {
    const busy = report(30);
    busy.series = [
      day('2026-11-17', 900, 700, 10, 4000, 0),
      day('2026-11-18', 3, 2, 2),
      day('2026-11-19', 1, 1, 2, 120, 7),
      day('2026-11-20', 1234, 1000, 1, 8, 0),
      day('2026-11-21', 1234, 1000, 1, 2, 0),
    ];
    busy.totals = { ...busy.totals, sampled: 4130, dropped: 7 };
    let answer = busy;
    serve({ 'GET /analytics/summary': () => ({ status: 200, data: { product: answer } }) });
    await renderPage();
    const note = await screen.findByRole('note');
    expect(note).toHaveTextContent('방문이 많아 일부 이벤트는 표본으로 집계했습니다.');
    expect(note).toHaveTextContent(
      '11월 17일, 11월 19일, 11월 20일 외 1일에는 하루 저장 한도를 넘어 방문자 일부의 이벤트만 저장했습니다. ' +
        '저장하지 않은 이벤트 4,130개는 위 숫자에 들어 있지 않습니다.',
    );
    expect(note).toHaveTextContent('이벤트 7개는 세지 않았습니다.');

    answer = report(7);
    fireEvent.click(screen.getByRole('button', { name: '7일' }));
    await screen.findByText('최근 7일 · 2026년 11월 14일 ~ 2026년 11월 20일');
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('switches to 7 days, keeping the last report on screen until the new one arrives', async () => {
    let answer: (() => void) | undefined;
    const adapter = serve({
      'GET /analytics/summary': (request) => ({ status: 200, data: { product: report(Number(request.params.days)) } }),
    });
    const serveNow = adapter.getMockImplementation()!;
    await renderPage();
    await screen.findByTestId('insights-total-views');
    adapter.mockImplementation(async (request) => {
      await new Promise<void>((resolve) => (answer = resolve));
      return serveNow(request);
    });
    fireEvent.click(screen.getByRole('button', { name: '7일' }));
    expect(screen.getByRole('button', { name: '7일' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('insights-total-views')).toBeInTheDocument();
    expect(screen.queryByText('불러오는 중…')).toBeNull();
    await waitFor(() => expect(answer).toBeDefined());
    await act(async () => answer!());
    await screen.findByText('최근 7일 · 2026년 11월 14일 ~ 2026년 11월 20일');
    expect(sent(adapter).map((r) => r.route)).toEqual(['GET /analytics/summary', 'GET /analytics/summary']);
    expect(adapter.mock.calls[1]![0].params).toEqual({ days: 7 });
    // The old chart was destroyed before the new one was drawn.
    await waitFor(() => expect(charts.filter((c) => !c.destroyed)).toHaveLength(1));
  });

  it("shows the server's message with a retry when loading fails", async () => {
    let fail = true;
    serve({
      'GET /analytics/summary': () =>
        fail
          ? { status: 403, data: { statusCode: 403, message: '관리자 권한이 없습니다.' } }
          : { status: 200, data: { product: report(30) } },
    });
    await renderPage();
    expect(await screen.findByTestId('insights-error')).toHaveTextContent(
      '방문 통계를 불러오지 못했습니다. 관리자 권한이 없습니다.',
    );
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: '다시 시도' }));
    expect(await screen.findByTestId('insights-total-views')).toHaveTextContent('1,238');
  });
});
