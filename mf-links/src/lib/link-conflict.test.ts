import { EMPTY_LINK_FORM, type LinkFormValues } from '../components/link-form';
import { applyOnTop, CONFLICT_FIELDS, linkDifferences } from './link-conflict';

const loaded: LinkFormValues = { ...EMPTY_LINK_FORM, pname: '여름 샌들', tag: '신발, 여름', disclosure: 'none' };

describe('linkDifferences', () => {
  it('compares every field of the form, in its order', () => {
    expect(CONFLICT_FIELDS).toEqual([
      'pname',
      'tag',
      'link',
      'imagelink',
      'disclosure',
      'enabled',
      'showFrom',
      'showUntil',
    ]);
  });

  it('labels each field as the form does and shows a choice by its Korean name, with who changed it', () => {
    const stored = { ...loaded, disclosure: 'sponsored' as const };
    const mine = { ...loaded, pname: '여름 샌들 (신상)', disclosure: 'ad' as const };
    expect(linkDifferences(loaded, stored, mine, null)).toEqual([
      {
        field: 'pname',
        label: '링크 이름',
        stored: '여름 샌들',
        mine: '여름 샌들 (신상)',
        changedByOther: false,
        changedByMe: true,
      },
      {
        field: 'disclosure',
        label: '광고 표시',
        stored: '협찬',
        mine: '광고',
        changedByOther: true,
        changedByMe: true,
      },
    ]);
  });

  it('lists nothing when the stored link and mine agree, however they were written', () => {
    const stored = { ...loaded, tag: '#신발, 여름' };
    expect(linkDifferences(loaded, stored, { ...loaded }, null)).toEqual([]);
  });
});

describe('applyOnTop', () => {
  it('keeps the stored values but the fields I changed since loading', () => {
    const stored = { ...loaded, tag: '신발', disclosure: 'sponsored' as const };
    const mine = { ...loaded, pname: '새 이름' };
    expect(applyOnTop(loaded, stored, mine)).toEqual({ ...stored, pname: '새 이름' });
  });
});
