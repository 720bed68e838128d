import { act, renderHook } from '@testing-library/react';
import { useVersionedEdit } from './use-versioned-edit';

interface Row {
  version: number;
  title: string;
}

describe('useVersionedEdit (docs/decisions/0048-no-silent-overwrite.md)', () => {
  const loaded: Row = { version: 1, title: '처음' };

  it('starts from the loaded row, with no conflict and no status', () => {
    const { result } = renderHook(() => useVersionedEdit<Row, string, string>(loaded, '처음'));
    expect(result.current).toMatchObject({
      base: loaded,
      start: { value: '처음', key: 0 },
      conflict: null,
      status: '',
    });
  });

  it('a refused save shows the conflict; restarting moves the base to the stored row and remounts the form', () => {
    const { result } = renderHook(() => useVersionedEdit<Row, string, string>(loaded, '처음'));
    const stored: Row = { version: 2, title: '다른 관리자' };
    act(() => result.current.restart('무시됨', '알림')); // nothing to restart from yet
    expect(result.current.start).toEqual({ value: '처음', key: 0 });

    act(() => result.current.refused('먼저 저장된 내용이 있습니다.', stored, '내 제목'));
    expect(result.current.conflict).toEqual({ message: '먼저 저장된 내용이 있습니다.', stored, mine: '내 제목' });
    expect(result.current.base).toBe(loaded); // the next save would still be stale until the form restarts

    act(() => result.current.restart('내 제목', '내 변경을 적용했습니다.'));
    expect(result.current).toMatchObject({
      base: stored,
      start: { value: '내 제목', key: 1 },
      conflict: null,
      status: '내 변경을 적용했습니다.',
    });

    act(() => result.current.refused('또 충돌', { version: 3, title: '세 번째' }, '다시'));
    expect(result.current.status).toBe('');
  });
});
