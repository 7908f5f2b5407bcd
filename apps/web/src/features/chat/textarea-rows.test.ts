import { describe, expect, it } from 'vitest';
import { textareaRows } from './textarea-rows.ts';

const measure = (scrollHeight: number) =>
  textareaRows({ scrollHeight, lineHeight: 20, verticalPadding: 16, minRows: 1, maxRows: 3 });

describe('textareaRows (docs/product.md § Chat assistant: 1 to 3 rows)', () => {
  it('grows with the content from 1 to 3 rows, then stops', () => {
    expect(measure(36)).toBe(1);
    expect(measure(56)).toBe(2);
    expect(measure(76)).toBe(3);
    expect(measure(400)).toBe(3);
  });

  it('never goes below one row, and ignores sub-pixel rounding', () => {
    expect(measure(0)).toBe(1);
    expect(measure(36.6)).toBe(1);
    expect(
      textareaRows({
        scrollHeight: 50,
        lineHeight: Number.NaN,
        verticalPadding: 0,
        minRows: 1,
        maxRows: 3,
      }),
    ).toBe(1);
  });
});
