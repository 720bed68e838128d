import { render, screen } from '@testing-library/react';
import { ApiError, isRetryable } from '../http/api-error';
import { ErrorNotice } from './error-notice';

describe('isRetryable (docs/decisions/0055-form-flow.md: 다시 시도 only when a retry can pass)', () => {
  it.each([
    [0, true],
    [408, true],
    [429, true],
    [500, true],
    [503, true],
    [400, false],
    [401, false],
    [403, false],
    [404, false],
  ])('status %i → %s', (status, expected) => {
    expect(isRetryable(new ApiError('x', status))).toBe(expected);
  });

  it('counts a thrown value that is not an API answer as retryable', () => {
    expect(isRetryable(new Error('chunk failed'))).toBe(true);
  });
});

describe('ErrorNotice', () => {
  const retry = () => undefined;

  it('offers 다시 시도 for a network failure or a 5xx', () => {
    const { rerender } = render(<ErrorNotice message="실패" onRetry={retry} error={new ApiError('x', 0)} />);
    expect(screen.getByRole('button', { name: '다시 시도' })).toBeInTheDocument();
    rerender(<ErrorNotice message="실패" onRetry={retry} error={new ApiError('x', 502)} />);
    expect(screen.getByRole('button', { name: '다시 시도' })).toBeInTheDocument();
  });

  it('offers no retry for a 404: the thing is not there, asking again changes nothing', () => {
    render(<ErrorNotice message="링크 정보를 찾을 수 없습니다." onRetry={retry} error={new ApiError('x', 404)} />);
    expect(screen.getByRole('alert')).toHaveTextContent('링크 정보를 찾을 수 없습니다.');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('keeps the old behaviour without `error`: onRetry alone shows the button', () => {
    render(<ErrorNotice message="실패" onRetry={retry} />);
    expect(screen.getByRole('button', { name: '다시 시도' })).toBeInTheDocument();
  });
});
