import type { ProductMotif } from './product-art';

/** One demo product: its name, 1–4 tags from TAG_POOL, a purchase link (null = not clickable) and its picture. */
export interface DemoProduct {
  pname: string;
  tags: string[];
  /** Product number in the demo store URL; null gives `link: null`. */
  productNo: number | null;
  motif: ProductMotif;
  /** Base hue of the picture, 0–359. */
  hue: number;
}

/** A demo plan, its dates relative to today in Asia/Seoul (days). */
export interface DemoPlan {
  title: string;
  startOffset: number;
  endOffset: number;
}

/** The shared tag pool; frequencies below are deliberately uneven so the keyword cloud has real weights. */
export const TAG_POOL = [
  '선물추천',
  '홈카페',
  '간식',
  '인테리어',
  '캠핑',
  '주방용품',
  '뷰티',
  '향수',
  '문구',
  '반려동물',
  '여행',
  '건강',
  '패션',
  '육아',
  '독서',
] as const;

export const demoProductLink = (productNo: number): string =>
  `https://smartstore.naver.com/creator/products/${productNo}`;

/** At least 24 links (docs/decisions/0010-demo-catalogue.md); three have no link, to exercise "not clickable". */
export const DEMO_PRODUCTS: DemoProduct[] = [
  { pname: '수제 딸기잼 세트', tags: ['간식', '선물추천', '홈카페'], productNo: 4821731, motif: 'jar', hue: 350 },
  { pname: '감성 캠핑 랜턴', tags: ['캠핑', '인테리어', '여행'], productNo: 4821752, motif: 'lantern', hue: 38 },
  { pname: '제주 녹차 티백 20입', tags: ['홈카페', '건강', '선물추천'], productNo: 4821768, motif: 'cup', hue: 110 },
  { pname: '핸드드립 원두 200g', tags: ['홈카페', '선물추천'], productNo: 4821790, motif: 'bag', hue: 25 },
  {
    pname: '우드 트레이 플레이트',
    tags: ['주방용품', '인테리어', '홈카페'],
    productNo: 4821803,
    motif: 'bowl',
    hue: 30,
  },
  { pname: '라벤더 핸드크림 3종', tags: ['뷰티', '선물추천', '향수'], productNo: 4821815, motif: 'tube', hue: 270 },
  {
    pname: '시그니처 오 드 퍼퓸 50ml',
    tags: ['향수', '뷰티', '선물추천'],
    productNo: 4821829,
    motif: 'bottle',
    hue: 320,
  },
  { pname: '소이 캔들 우디향', tags: ['인테리어', '향수', '선물추천'], productNo: 4821836, motif: 'candle', hue: 45 },
  { pname: '수제 강아지 간식 오리목뼈', tags: ['반려동물', '간식'], productNo: 4821844, motif: 'paw', hue: 20 },
  { pname: '고양이 숨숨집 쿠션', tags: ['반려동물', '인테리어'], productNo: 4821851, motif: 'house', hue: 200 },
  { pname: '무지 소프트커버 노트 3권', tags: ['문구', '독서'], productNo: 4821867, motif: 'book', hue: 210 },
  { pname: '빈티지 만년필 세트', tags: ['문구', '선물추천'], productNo: 4821873, motif: 'pen', hue: 230 },
  { pname: '접이식 캠핑 체어', tags: ['캠핑', '여행'], productNo: 4821880, motif: 'tent', hue: 140 },
  { pname: '스테인리스 캠핑 머그', tags: ['캠핑', '주방용품', '홈카페'], productNo: 4821894, motif: 'cup', hue: 190 },
  { pname: '국산 견과류 한 줌 30봉', tags: ['간식', '건강'], productNo: 4821902, motif: 'bag', hue: 80 },
  { pname: '저당 수제 그래놀라', tags: ['간식', '건강', '홈카페'], productNo: 4821915, motif: 'jar', hue: 60 },
  { pname: '린넨 앞치마', tags: ['주방용품', '패션'], productNo: 4821927, motif: 'shirt', hue: 160 },
  { pname: '캔버스 에코백', tags: ['패션', '여행'], productNo: 4821938, motif: 'tote', hue: 15 },
  { pname: '아기 오가닉 턱받이 세트', tags: ['육아', '선물추천'], productNo: 4821946, motif: 'heart', hue: 340 },
  { pname: '원목 자석 블록', tags: ['육아', '선물추천'], productNo: 4821959, motif: 'box', hue: 48 },
  { pname: '북라이트 독서등', tags: ['독서', '인테리어'], productNo: 4821963, motif: 'lantern', hue: 55 },
  { pname: '여행용 파우치 3종', tags: ['여행', '패션', '뷰티'], productNo: 4821977, motif: 'tote', hue: 185 },
  { pname: '콜드브루 보틀 1L', tags: ['홈카페', '주방용품'], productNo: null, motif: 'bottle', hue: 200 },
  { pname: '비건 립밤 세트', tags: ['뷰티', '건강'], productNo: 4821991, motif: 'tube', hue: 5 },
  { pname: '한정판 굿즈 랜덤박스', tags: ['선물추천', '문구'], productNo: null, motif: 'box', hue: 290 },
  { pname: '미니 다육이 화분', tags: ['인테리어', '선물추천'], productNo: null, motif: 'leaf', hue: 125 },
];

/**
 * At least 6 plans around today (docs/decisions/0010-demo-catalogue.md): open ones, `D - n` ones, and one in the past.
 */
export const DEMO_PLANS: DemoPlan[] = [
  { title: '봄 시즌 굿즈 마켓', startOffset: -20, endOffset: -14 },
  { title: '성수동 팝업스토어 오픈', startOffset: -3, endOffset: 4 },
  { title: '라이브 커머스 방송', startOffset: 0, endOffset: 0 },
  { title: '신상품 사전 예약', startOffset: 2, endOffset: 9 },
  { title: '홈카페 원데이 클래스', startOffset: 5, endOffset: 5 },
  { title: '캠핑 용품 기획전', startOffset: 12, endOffset: 20 },
  { title: '연말 선물 세트 한정 판매', startOffset: 25, endOffset: 31 },
];
