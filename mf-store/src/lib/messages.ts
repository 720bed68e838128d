/**
 * Korean strings of the public store page (STYLE: one messages file per package; shared ones live in platform `ko`; the words
 * of a field every tier shows, like a link's disclosure, in the contract's api-rules).
 */
export const messages = {
  storeLoadFailed: '상품 목록을 불러오지 못했습니다.',
  tagsLoadFailed: '인기 키워드를 불러오지 못했습니다.',
  popularKeywords: '인기 키워드',
  noProducts: '등록된 상품이 없습니다.',
  // Paged product list (docs/decisions/0036-paged-public-read.md).
  loadMore: '더 보기',
  loadingMore: '불러오는 중…',
  filteredBy: (tag: string) => `#${tag} 태그가 붙은 상품만 보고 있습니다.`,
  showAll: '전체 상품 보기',
  noTaggedProducts: (tag: string) => `#${tag} 태그가 붙은 상품이 없습니다.`,
  noKeywords: '아직 키워드가 없습니다.',
  productImageMissing: '이미지 없음',
  /** Between the disclosure and the rest of the card, for screen readers only: `광고 · 수제 딸기잼 세트`. */
  disclosureSeparator: ' · ',
  opensInNewWindow: '새 창에서 열기',
  searchKeyword: (word: string) => `${word} 검색 (새 탭)`,
  /** The keyword cloud's tooltip: the word and how many links carry it (docs/decisions/0037-keyword-tooltips.md). */
  keywordTooltip: (word: string, links: number) => `#${word} · 링크 ${links.toLocaleString('ko-KR')}개`,
  reserveLink: '팝업 예약하기',
  // Sharing the page (docs/decisions/0038-share-and-qr.md).
  shareRegion: '페이지 공유',
  share: '공유하기',
  copyLink: '링크 복사',
  linkCopied: '링크를 복사했습니다.',
  copyByHand: '자동으로 복사하지 못했습니다. 아래 주소를 길게 눌러 복사해 주세요.',
  pageAddress: '이 페이지 주소',
  inAppHint: {
    kakaotalk: '카카오톡 안에서 보고 계십니다. 휴대폰 브라우저에서 열면 더 편하게 보고 링크도 쉽게 복사할 수 있어요.',
    instagram:
      '인스타그램 안에서 보고 계십니다. 오른쪽 위 ⋯ 메뉴에서 ‘외부 브라우저에서 열기’를 누르면 휴대폰 브라우저로 볼 수 있어요.',
  },
  openInBrowser: '브라우저로 열기',
  closeHint: '안내 닫기',
} as const;
