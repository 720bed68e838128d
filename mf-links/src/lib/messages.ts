/**
 * Korean strings of the link screens (STYLE: one messages file per package; shared ones live in platform `ko`; the words
 * of a field every tier shows, like a link's disclosure, in the contract's api-rules).
 */
export const messages = {
  listTitle: '링크 정보 관리',
  createTitle: '링크 등록',
  editTitle: '링크 수정',
  createButton: '+ 새 링크 등록',
  modeGroup: '목록 보기 방식',
  modeEdit: '편집',
  modeReorder: '순서 변경',
  reorderHelp:
    '손잡이를 끌어서 옮기거나, 손잡이에서 스페이스 키를 누르고 위아래 화살표 키로 옮긴 뒤 스페이스 키로 놓으세요.',
  noLinks: '등록된 링크가 없습니다. 새 링크를 등록해보세요.',
  // The list in pages of LIST_PAGE_SIZE rows (docs/decisions/0036-paged-public-read.md: 10,000 links).
  listPages: '목록 페이지',
  firstPage: '처음',
  previousPage: '이전',
  nextPage: '다음',
  lastPage: '마지막',
  pageRange: (from: number, to: number, total: number) =>
    `${from.toLocaleString('ko-KR')}–${to.toLocaleString('ko-KR')}번째 / 전체 ${total.toLocaleString('ko-KR')}개`,
  reorderPagesHelp: '다른 페이지로 옮기려면 ‘위치 지정’을 눌러 몇 번째로 옮길지 입력하세요.',
  moveTo: '위치 지정',
  moveToLabel: (name: string) => `${name} 위치 지정`,
  moveToPrompt: (name: string, position: number, total: number) =>
    `${name}을(를) 몇 번째로 옮길까요? 지금 ${position}번째 / 전체 ${total}개`,
  moveToInvalid: (total: number) => `1부터 ${total.toLocaleString('ko-KR')} 사이의 숫자를 입력해 주세요.`,
  linksLoadFailed: '링크 목록을 불러오지 못했습니다.',
  linkLoadFailed: '링크 정보를 불러오지 못했습니다.',
  deleteConfirm: '이 링크를 삭제하시겠습니까?',
  deleteLabel: (name: string) => `${name} 삭제`,
  dragHandleLabel: (name: string) => `${name} 순서 옮기기`,
  dragHandleRole: '순서 변경 손잡이',
  photoAlt: (name: string) => `${name} 사진`,
  clicks30: (count: number) => `30일 클릭 ${count.toLocaleString('ko-KR')}`,
  saving: '저장 중…',
  movingStatus: '순서를 저장하는 중…',
  orderConflict: '다른 관리자가 먼저 순서를 바꿨습니다. 최신 순서로 다시 불러왔습니다.',
  // dnd-kit screen-reader texts (its defaults are English)
  dndInstructions:
    '순서를 바꾸려면 스페이스 키를 눌러 항목을 들고, 위아래 화살표 키로 옮긴 뒤 스페이스 키를 다시 눌러 놓으세요. 취소하려면 Esc 키를 누르세요.',
  dndPickedUp: (name: string, position: number, total: number) =>
    `${name} 항목을 들었습니다. 현재 ${position}번째 / 전체 ${total}개.`,
  dndOver: (name: string, position: number, total: number) =>
    `${name} 항목이 ${position}번째 위치에 있습니다 (전체 ${total}개).`,
  dndDropped: (name: string, position: number, total: number) =>
    `${name} 항목을 ${position}번째 위치에 놓았습니다 (전체 ${total}개).`,
  dndCancelled: (name: string) => `${name} 항목 옮기기를 취소했습니다.`,
  // Form labels (docs/product.md#2-screens-and-routes "Link create", "Link edit"); field errors are the API's own
  // sentences (contract apiMessages) One name per field in both forms (docs/decisions/0078-team-runs-the-site.md: the
  // edit form said 상품 이름 / 태그 정보, glosses of the spec's English).
  fieldName: '링크 이름',
  fieldTag: '태그',
  fieldTagHint: '쉼표로 구분해 여러 개 입력할 수 있습니다. 예: 뷰티, 스킨케어',
  fieldLink: '구매 사이트 링크',
  imagelink: '사진 링크',
  imagelinkPlaceholder: 'https://… 이미지 주소',
  linkPlaceholder: 'https://…',
  imageSection: '사진',
  dropzoneHint: '사진 링크를 입력하거나, 이미지를 이곳에 끌어다 놓거나, 눌러서 파일을 선택하세요.',
  chosenFile: (name: string) => `선택한 파일: ${name}`,
  removeFile: '선택 취소',
  register: '등록',
  update: '수정',
  confirmWithoutImage: '이미지 없이 링크 정보를 등록하시겠습니까?',
  // Visibility (docs/decisions/0026-creator-features.md): the switch, the window and the list's badges and filter
  visibilitySection: '공개 설정',
  enabledLabel: '방문자에게 공개',
  showFromLabel: '공개 시작',
  showUntilLabel: '공개 종료',
  windowHint:
    '한국 시간 기준입니다. 시작을 비워 두면 바로, 종료를 비워 두면 끝없이 공개됩니다. 공동구매처럼 기간이 정해진 상품에 쓰세요.',
  windowPlaceholder: '비워 두면 제한 없음',
  windowClear: '지우기',
  badgeVisible: '공개',
  badgeHidden: '숨김',
  badgeScheduled: (days: number) => (days > 0 ? `공개 예정 D-${days}` : '공개 예정 (오늘)'),
  badgeEnded: '종료',
  filterLabel: '공개 상태로 보기',
  filters: { all: '전체', visible: '공개', hidden: '숨김', scheduled: '공개 예정', ended: '종료' },
  shownStatus: (name: string) => `${name} 링크를 공개했습니다.`,
  hiddenStatus: (name: string) => `${name} 링크를 숨겼습니다.`,
  windowOf: (from: string, until: string) => `${from || '바로'} ~ ${until || '계속'}`,
  showLink: (name: string) => `${name} 공개하기`,
  hideLink: (name: string) => `${name} 숨기기`,
  show: '공개하기',
  hide: '숨기기',
  noLinksInFilter: '이 상태의 링크가 없습니다.',
  tagHashHint: '태그 앞의 #은 빼고 저장됩니다.',
  // A refused save changes nothing (the link and its image travel in one request,
  // docs/decisions/0051-nothing-half-saved.md): say so.
  createFailed: (reason: string) => `링크를 등록하지 못했습니다. 아무것도 저장되지 않았습니다: ${reason}`,
  updateFailed: (reason: string) => `링크를 수정하지 못했습니다. 바뀐 내용은 저장되지 않았습니다: ${reason}`,
  // A stale save (docs/decisions/0048-no-silent-overwrite.md): what another administrator changed, and applying one's
  // own change on top
  conflictTitle: '다른 관리자가 먼저 저장했습니다',
  conflictCaption: '저장된 값과 내 값이 다른 항목',
  conflictField: '항목',
  conflictStored: '저장된 값',
  conflictMine: '내 값',
  conflictByOther: '다른 관리자가 바꿈',
  conflictByMe: '내가 바꿈',
  conflictNone: '저장된 내용이 내 값과 같습니다. 다시 저장하면 됩니다.',
  conflictHelp:
    '‘내 변경 적용’을 누르면 저장된 최신 내용에 내가 바꾼 항목만 다시 채워 넣습니다. 확인한 뒤 ‘수정’ 버튼으로 저장하세요.',
  conflictApply: '내 변경 적용',
  conflictDiscard: '저장된 내용으로 다시 불러오기',
  conflictApplied: '최신 내용에 내 변경을 적용했습니다. 확인한 뒤 ‘수정’ 버튼으로 저장하세요.',
  conflictReloaded: '저장된 최신 내용을 불러왔습니다.',
  conflictEmpty: '(비어 있음)',
  conflictEnabled: '공개',
  conflictDisabled: '숨김',
  // QR codes (docs/decisions/0038-share-and-qr.md): /main/qr
  qrTitle: 'QR 코드',
  qrIntro:
    '포스터나 매장 안내문에 넣을 QR 코드를 만듭니다. PNG는 인쇄용 1024×1024 이미지, SVG는 크기를 바꿔도 선명한 벡터 파일입니다.',
  qrTargetLabel: 'QR 코드로 만들 주소',
  qrTargetSite: '사이트 첫 화면',
  qrTargetLink: (name: string) => `카드: ${name}`,
  qrTargetNoLink: (name: string) => `카드: ${name} (링크 없음)`,
  qrAlt: (target: string) => `${target} QR 코드`,
  qrDownloadPng: 'PNG 내려받기',
  qrDownloadSvg: 'SVG 내려받기',
  qrMaking: 'QR 코드를 만드는 중…',
  qrFailed: 'QR 코드를 만들지 못했습니다.',
  qrCardsFailed: '카드 목록을 불러오지 못해 사이트 QR 코드만 만들 수 있습니다.',
} as const;
