import { splitTags } from './split-tags';

describe('splitTags', () => {
  it('splits on "/" and skips empty parts', () => {
    expect(splitTags('a/b//c')).toEqual(['a', 'b', 'c']);
  });

  it('trims parts and drops blank ones', () => {
    expect(splitTags(' 뷰티 / /스킨케어 /')).toEqual(['뷰티', '스킨케어']);
  });

  it('gives no tags for empty input', () => {
    expect(splitTags('')).toEqual([]);
    expect(splitTags('//')).toEqual([]);
    expect(splitTags(null)).toEqual([]);
  });

  it('keeps a single tag', () => {
    expect(splitTags('한정판')).toEqual(['한정판']);
  });
});
