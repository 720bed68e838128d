import { act, fireEvent, render, screen } from '@testing-library/react';
import { RemoteSlot } from './remote-slot';
import type { RemoteLoader } from './remote-registry';

jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(),
  registerRemotes: jest.fn(),
  registerPlugins: jest.fn(),
}));

const Banner = () => <p>배너 내용</p>;

beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => jest.restoreAllMocks());

describe('RemoteSlot', () => {
  it('shows 불러오는 중… and then the remote component', async () => {
    const loader = jest.fn<ReturnType<RemoteLoader>, Parameters<RemoteLoader>>().mockResolvedValue(Banner);
    render(<RemoteSlot remote="mf_plans" module="Banner" loader={loader} />);
    expect(screen.getByText('불러오는 중…')).toBeInTheDocument();
    expect(await screen.findByText('배너 내용')).toBeInTheDocument();
    expect(loader).toHaveBeenCalledWith('mf_plans', 'Banner');
  });

  it('shows the Korean error and loads the remote again on retry', async () => {
    const loader = jest
      .fn<ReturnType<RemoteLoader>, Parameters<RemoteLoader>>()
      .mockRejectedValueOnce(new Error('ScriptNetworkError'))
      .mockResolvedValueOnce(Banner);
    render(<RemoteSlot remote="mf_plans" module="Banner" loader={loader} />);
    const box = await screen.findByTestId('remote-error-mf_plans');
    expect(box).toHaveTextContent('화면을 불러오지 못했습니다.');
    expect(screen.queryByText('배너 내용')).toBeNull();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '다시 시도' })));
    expect(await screen.findByText('배너 내용')).toBeInTheDocument();
    expect(loader).toHaveBeenCalledTimes(2);
    expect(screen.queryByTestId('remote-error-mf_plans')).toBeNull();
  });

  it('catches a remote that throws while rendering', async () => {
    const Broken = () => {
      throw new Error('boom');
    };
    const loader = jest
      .fn<ReturnType<RemoteLoader>, Parameters<RemoteLoader>>()
      .mockResolvedValueOnce(Broken)
      .mockResolvedValueOnce(Banner);
    render(<RemoteSlot remote="mf_store" module="StorePage" loader={loader} />);
    expect(await screen.findByTestId('remote-error-mf_store')).toBeInTheDocument();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '다시 시도' })));
    expect(await screen.findByText('배너 내용')).toBeInTheDocument();
    expect(loader).toHaveBeenCalledTimes(2);
  });
});
