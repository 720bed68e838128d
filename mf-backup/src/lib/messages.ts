/** Korean strings of the backup screen (STYLE: one messages file per package; shared ones live in platform `ko`). */
export const messages = {
  title: '백업 및 복원',
  intro:
    '사이트 전체(링크, 일정, 팝업 예약 회차와 예약, 팝업 안내, 커버, 방문 통계, 원본 이미지)를 파일 하나로 받아 두고, 필요할 때 그 파일로 되돌릴 수 있습니다. 다른 서버로 옮길 때도 같은 파일을 씁니다.',
  downloadTitle: '백업 받기',
  downloadBody:
    '지금 사이트의 내용을 .tar.gz 파일 하나로 받습니다. 팝업 예약자의 이름과 휴대폰 번호(보관 기간이 지나 파기된 것은 빼고)가 들어 있으니 안전한 곳에 보관하세요. 방문 기록 원본은 들어가지 않습니다.',
  downloadButton: '백업 파일 받기',
  downloading: '백업 파일을 만드는 중…',
  downloaded: (name: string, size: string) => `${name} (${size}) 파일을 받았습니다.`,
  restoreTitle: '백업으로 복원',
  restoreBody: '백업 파일을 고르면 먼저 파일 전체를 확인하고, 무엇이 바뀌는지 보여 드립니다. 확인한 뒤에 복원합니다.',
  chooseFile: '백업 파일 고르기',
  fileLabel: '백업 파일 (.tar.gz)',
  checking: '백업 파일을 확인하는 중…',
  uploadProgress: (percent: number) => `올리는 중 ${percent}%`,
  reportTitle: '복원하면 바뀌는 내용',
  reportCreatedAt: (when: string) => `백업 시각: ${when}`,
  reportItem: '항목',
  reportNow: '지금',
  reportAfter: '복원 후',
  tables: {
    links: '링크',
    plans: '일정',
    popup_slots: '팝업 예약 회차',
    bookings: '팝업 예약',
    popup_info: '팝업 안내',
    cover: '커버',
    images: '이미지',
    analytics_daily: '방문 통계 (날짜 수)',
  } as Record<string, string>,
  restoreWarning:
    '복원하면 지금의 링크, 일정, 팝업 예약 회차(그 회차의 예약 포함), 팝업 안내, 커버, 이미지, 방문 통계가 모두 이 백업의 내용으로 바뀝니다. 되돌리려면 먼저 지금 상태를 백업해 두세요.',
  restoreButton: '이 백업으로 복원',
  restoring: '복원하는 중…',
  confirmRestore: '지금 사이트의 내용을 이 백업으로 바꿉니다. 계속할까요?',
  restoredTitle: '복원했습니다',
  chooseAnother: '다른 파일 고르기',
  bytes: (count: number) =>
    count >= 1024 * 1024 ? `${(count / 1024 / 1024).toFixed(1)}MB` : `${Math.max(1, Math.round(count / 1024))}KB`,
} as const;
