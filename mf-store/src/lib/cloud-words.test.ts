import { buildSearchUrl, cloudLayoutSize, fontSizeFor, seededRandom, sizeWords, topWords } from './cloud-words';

describe('keyword cloud words', () => {
  it('scales font sizes linearly onto 20–40', () => {
    expect(fontSizeFor(1, 1, 11)).toBe(20);
    expect(fontSizeFor(6, 1, 11)).toBe(30);
    expect(fontSizeFor(11, 1, 11)).toBe(40);
    expect(fontSizeFor(5, 5, 5)).toBe(30);
  });

  it('keeps at most 100 words, heaviest first', () => {
    const words = Array.from({ length: 130 }, (_, i) => ({ text: `w${i}`, value: i }));
    const kept = topWords(words);
    expect(kept).toHaveLength(100);
    expect(kept[0]).toEqual({ text: 'w129', value: 129 });
    expect(kept.some((w) => w.value < 30)).toBe(false);
  });

  it('gives the lightest word 20 and the heaviest 40', () => {
    const sized = sizeWords([
      { text: '뷰티', value: 9 },
      { text: '굿즈', value: 1 },
      { text: '한정판', value: 5 },
    ]);
    expect(sized.map((w) => [w.text, w.size])).toEqual([
      ['뷰티', 40],
      ['한정판', 30],
      ['굿즈', 20],
    ]);
  });

  it('builds the search URL with the encoded keyword', () => {
    expect(buildSearchUrl('https://search.naver.com/search.naver?query={keyword}', '스킨 케어&팩')).toBe(
      'https://search.naver.com/search.naver?query=%EC%8A%A4%ED%82%A8%20%EC%BC%80%EC%96%B4%26%ED%8C%A9',
    );
  });

  it('sizes the layout 2:1 from the container, never below 200×100 nor above 640 wide', () => {
    expect(cloudLayoutSize(0)).toEqual([200, 100]);
    expect(cloudLayoutSize(150)).toEqual([200, 100]);
    expect(cloudLayoutSize(500)).toEqual([500, 250]);
    expect(cloudLayoutSize(1100)).toEqual([640, 320]);
  });

  it('draws the same random sequence for the same words and another one for other words', () => {
    const a = seededRandom([{ text: '캠핑' }, { text: '뷰티' }]);
    const b = seededRandom([{ text: '캠핑' }, { text: '뷰티' }]);
    const c = seededRandom([{ text: '여행' }]);
    const first = [a(), a(), a()];
    expect([b(), b(), b()]).toEqual(first);
    expect([c(), c(), c()]).not.toEqual(first);
    for (const value of first) expect(value >= 0 && value < 1).toBe(true);
  });
});
