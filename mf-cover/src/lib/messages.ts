/** Korean strings of the cover upload screen (STYLE: one messages file per package; shared ones live in platform `ko`). */
export const messages = {
  coverTitle: '커버 이미지 변경',
  coverHint: '이미지를 끌어다 놓거나 클릭해서 파일을 선택하세요. 한 장만 올릴 수 있습니다.',
  coverCurrent: '현재 커버 이미지',
  coverNone: '아직 커버 이미지가 없습니다.',
  coverPreview: '새 커버 이미지 미리보기',
  coverNoImage: '변경할 이미지가 없습니다.',
  coverProgress: '업로드 진행률',
  save: '저장',
  close: '닫기',
  /**
   * The success dialog's title: the spec's `Image` (docs/product.md#4-states-and-transitions) in Korean
   * (docs/wording.md).
   */
  coverDoneTitle: '이미지',
  saving: '저장 중…',

  // A stale replace (docs/decisions/0048-no-silent-overwrite.md): another administrator changed the cover first.
  conflictTitle: '다른 관리자가 먼저 저장했습니다',
  conflictCaption: '지금 저장된 커버와 내가 고른 이미지',
  conflictField: '항목',
  conflictStored: '저장된 커버',
  conflictMine: '내 이미지',
  conflictByOther: '다른 관리자가 바꿈',
  conflictByMe: '내가 고름',
  conflictImage: '커버 이미지',
  conflictStoredAlt: '지금 저장된 커버 이미지',
  conflictNoCover: '(커버 없음)',
  conflictHelp:
    '‘내 변경 적용’을 누르면 지금 저장된 커버를 확인한 것으로 하고 내가 고른 이미지를 그대로 둡니다. ‘저장’ 버튼을 누르면 내 이미지로 바뀝니다.',
  conflictApply: '내 변경 적용',
  conflictDiscard: '저장된 커버로 다시 불러오기',
  conflictApplied: '지금 저장된 커버 위에 내 이미지를 준비했습니다. ‘저장’ 버튼으로 변경하세요.',
  conflictReloaded: '저장된 최신 커버를 불러왔습니다.',
} as const;
