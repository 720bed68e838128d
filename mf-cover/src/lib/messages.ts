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
  /** The success dialog's title: the spec's `Image` (§4) in Korean (docs/wording.md). */
  coverDoneTitle: '이미지',
  saving: '저장 중…',
} as const;
