import { describe, expect, it } from 'vitest';
import { findNulCharacter } from './request-text.ts';

describe('findNulCharacter', () => {
  it('points at the first NUL, however deep', () => {
    expect(findNulCharacter({ a: 'fine', b: [{ c: 'x\u0000y' }] })).toBe('/b/0/c');
    expect(findNulCharacter('\u0000')).toBe('/');
    expect(findNulCharacter({ ['k\u0000']: 1 })).toBe('/k\\u0000');
  });

  it('passes everything else', () => {
    expect(findNulCharacter({ a: 'text \\u0000 written out', n: 0, b: null, c: [true] })).toBe(
      null,
    );
    expect(findNulCharacter(undefined)).toBe(null);
  });
});
