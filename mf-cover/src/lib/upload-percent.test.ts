import { uploadPercent } from './upload-percent';

describe('uploadPercent', () => {
  it('rounds down to a whole percentage within 0–100', () => {
    expect(uploadPercent(339, 1000)).toBe(33);
    expect(uploadPercent(999, 1000)).toBe(99);
    expect(uploadPercent(1000, 1000)).toBe(100);
    expect(uploadPercent(0, 1000)).toBe(0);
    expect(uploadPercent(1200, 1000)).toBe(100);
  });

  it('is null while the total is unknown', () => {
    expect(uploadPercent(10, undefined)).toBeNull();
    expect(uploadPercent(10, 0)).toBeNull();
  });
});
