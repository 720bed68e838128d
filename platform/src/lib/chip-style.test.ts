import { CHIP_STYLES, randomChipStyle } from './chip-style';

describe('randomChipStyle', () => {
  it('has six styles', () => {
    expect(new Set(CHIP_STYLES).size).toBe(6);
  });

  it('maps the random number onto the six styles', () => {
    expect(randomChipStyle(() => 0)).toBe('rose');
    expect(randomChipStyle(() => 0.5)).toBe('sky');
    expect(randomChipStyle(() => 0.9999)).toBe('slate');
  });
});
