/** Korean strings of the public store page (STYLE: one messages file per package; shared ones live in platform `ko`). */
export const messages = {
  storeLoadFailed: '상품 목록을 불러오지 못했습니다.',
  tagsLoadFailed: '인기 키워드를 불러오지 못했습니다.',
  popularKeywords: '인기 키워드',
  noProducts: '등록된 상품이 없습니다.',
  noKeywords: '아직 키워드가 없습니다.',
  productImageMissing: '이미지 없음',
  opensInNewWindow: '새 창에서 열기',
  searchKeyword: (word: string) => `${word} 검색 (새 탭)`,
  reserveLink: '팝업 예약하기',
} as const;
