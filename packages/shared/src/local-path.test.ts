import { describe, expect, it } from 'vitest';
import { isLocalPath } from './local-path.ts';

describe('isLocalPath', () => {
  it('accepts paths of this site', () => {
    for (const path of ['/', '/pricing', '/success?plan=basic', '/a/b#c']) {
      expect(isLocalPath(path)).toBe(true);
    }
  });

  it('refuses anything a browser would take to another host', () => {
    for (const target of [
      '//evil.example',
      '/\\evil.example',
      '\\\\evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      'https://evil.example',
      'javascript:alert(1)',
      '',
      undefined,
      null,
    ]) {
      expect(isLocalPath(target)).toBe(false);
    }
  });
});
