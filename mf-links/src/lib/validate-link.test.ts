import { apiMessages } from '@linksite/contract/api-rules';
import { cleanTagInput, validateLink, type LinkDraft } from './validate-link';

const draft = (over: Partial<LinkDraft> = {}): LinkDraft => ({
  pname: '텀블러',
  tag: '',
  link: '',
  imagelink: '',
  showFrom: null,
  showUntil: null,
  hasFile: false,
  ...over,
});

describe('validateLink (docs/decisions/0055-form-flow.md: the API checks, in the browser, with its sentences)', () => {
  it('passes a plain link', () => {
    expect(validateLink(draft({ link: 'https://shop.example/t', imagelink: '/api/images/' + 'a'.repeat(64) }))).toEqual(
      {},
    );
  });

  it.each([
    ['pname', { pname: '  ' }, apiMessages.pnameRequired],
    ['pname', { pname: '가'.repeat(101) }, apiMessages.pnameTooLong],
    ['tag', { tag: Array.from({ length: 21 }, (_, i) => `t${i}`).join(',') }, apiMessages.tooManyTags],
    ['tag', { tag: `#${'가'.repeat(31)}` }, apiMessages.tagTooLong],
    ['link', { link: 'shop.example/t' }, apiMessages.linkUrlInvalid],
    ['link', { link: 'javascript:alert(1)' }, apiMessages.linkUrlInvalid],
    ['imagelink', { imagelink: 'ftp://x/y.png' }, apiMessages.imagelinkInvalid],
    [
      'showUntil',
      { showFrom: new Date('2026-11-22T01:00:00Z'), showUntil: new Date('2026-11-21T01:00:00Z') },
      apiMessages.linkWindowOrder,
    ],
  ])('refuses %s %j', (field, over, message) => {
    expect(validateLink(draft(over as Partial<LinkDraft>))).toEqual({ [field]: message });
  });

  it('ignores the typed image link when a file is the image', () => {
    expect(validateLink(draft({ imagelink: 'not a url', hasFile: true }))).toEqual({});
  });

  it('counts a tag without its leading # (30 characters after it is fine)', () => {
    expect(validateLink(draft({ tag: `#${'가'.repeat(30)}` }))).toEqual({});
  });
});

describe('cleanTagInput', () => {
  it('drops the leading # of each tag, empty parts and repeats', () => {
    expect(cleanTagInput(' #해시, ##둘 / 해시,, #')).toBe('해시, 둘');
    expect(cleanTagInput('')).toBe('');
  });
});
