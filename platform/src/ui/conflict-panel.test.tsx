import { fireEvent, render, screen, within } from '@testing-library/react';
import { ConflictPanel, type ConflictPanelLabels } from './conflict-panel';

const LABELS: ConflictPanelLabels = {
  title: '다른 관리자가 먼저 저장했습니다',
  caption: '저장된 값과 내 값이 다른 항목',
  field: '항목',
  stored: '저장된 값',
  mine: '내 값',
  byOther: '다른 관리자가 바꿈',
  byMe: '내가 바꿈',
  help: '도움말',
  apply: '내 변경 적용',
  discard: '저장된 내용으로 다시 불러오기',
  none: '같습니다.',
};

describe('ConflictPanel (docs/decisions/0048-no-silent-overwrite.md)', () => {
  it('shows the message and one row per field with who changed it, takes the focus, and calls back', () => {
    const applied: string[] = [];
    render(
      <ConflictPanel
        message="다른 관리자가 이 팝업 예약을 먼저 수정했습니다."
        rows={[
          { key: 'count', label: '인원', stored: '55', mine: '40', changedBy: { other: true } },
          { key: 'table', label: '예약 가능 테이블', stored: '10', mine: '12', changedBy: { me: true } },
        ]}
        labels={LABELS}
        onApply={() => applied.push('apply')}
        onDiscard={() => applied.push('discard')}
        testId="popup-conflict"
        rowTestIdPrefix="popup-conflict-"
      />,
    );
    const panel = screen.getByRole('alert', { name: LABELS.title });
    expect(panel).toHaveAttribute('data-testid', 'popup-conflict');
    expect(panel).toHaveFocus();
    expect(panel).toHaveTextContent('다른 관리자가 이 팝업 예약을 먼저 수정했습니다.');
    expect(
      within(panel)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['항목', '저장된 값', '내 값']);
    expect(screen.getByTestId('popup-conflict-count')).toHaveTextContent('인원55다른 관리자가 바꿈40');
    expect(screen.getByTestId('popup-conflict-table')).toHaveTextContent('예약 가능 테이블1012내가 바꿈');
    fireEvent.click(screen.getByRole('button', { name: LABELS.apply }));
    fireEvent.click(screen.getByRole('button', { name: LABELS.discard }));
    expect(applied).toEqual(['apply', 'discard']);
  });

  it('says nothing differs instead of an empty table when given the sentence; without it the table stays', () => {
    const props = { message: 'm', rows: [], onApply: () => undefined, onDiscard: () => undefined };
    const { rerender } = render(<ConflictPanel {...props} labels={LABELS} />);
    expect(screen.getByTestId('conflict-panel')).toHaveTextContent('같습니다.');
    expect(screen.queryByRole('table')).toBeNull();
    rerender(<ConflictPanel {...props} labels={{ ...LABELS, none: undefined }} />);
    expect(screen.getByRole('table')).toBeInTheDocument();
  });

  it('shows an element as a value (the cover preview)', () => {
    render(
      <ConflictPanel
        message="m"
        rows={[{ key: 'image', label: '커버 이미지', stored: <img src="/a.png" alt="저장된 커버" />, mine: 'b.png' }]}
        labels={LABELS}
        onApply={() => undefined}
        onDiscard={() => undefined}
      />,
    );
    expect(within(screen.getByTestId('conflict-image')).getByRole('img', { name: '저장된 커버' })).toBeInTheDocument();
    expect(screen.queryByText(LABELS.byOther)).toBeNull();
  });
});
