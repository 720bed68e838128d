import { MAX_TAGS, normalizeTags } from './normalize-tags';

describe('normalizeTags', () => {
  it('splits on commas and slashes, trims and drops empty parts', () => {
    expect(normalizeTags(' 홈카페, 캠핑 /선물추천,, / ')).toEqual(['홈카페', '캠핑', '선물추천']);
  });

  it('drops duplicates keeping the first', () => {
    expect(normalizeTags('캠핑/여행,캠핑/ 여행 ')).toEqual(['캠핑', '여행']);
  });

  it('keeps at most 20 tags of at most 30 characters', () => {
    const many = Array.from({ length: 30 }, (_, i) => `t${i}`).join(',');
    expect(normalizeTags(many)).toHaveLength(MAX_TAGS);
    expect(normalizeTags('가'.repeat(40))).toEqual(['가'.repeat(30)]);
  });

  it('gives [] for empty input and splits array elements too', () => {
    expect(normalizeTags('')).toEqual([]);
    expect(normalizeTags(null)).toEqual([]);
    expect(normalizeTags(['a/b', 'c'])).toEqual(['a', 'b', 'c']);
  });

  it('drops a leading # so a hashtag is stored without it (docs/decisions/0055-form-flow.md)', () => {
    expect(normalizeTags('#해시, ##두번, 중간#샵, #')).toEqual(['해시', '두번', '중간#샵']);
  });
});
