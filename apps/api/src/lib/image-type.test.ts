import { describe, expect, it } from 'vitest';
import { detectImageType } from './image-type.ts';

describe('detectImageType', () => {
  it('recognises PNG, JPEG and WebP by their signatures', () => {
    expect(detectImageType(Buffer.from('89504e470d0a1a0a0000', 'hex'))?.contentType).toBe(
      'image/png',
    );
    expect(detectImageType(Buffer.from('ffd8ffe000104a46', 'hex'))?.contentType).toBe('image/jpeg');
    expect(
      detectImageType(Buffer.from('RIFF\x00\x00\x00\x00WEBPVP8 ', 'latin1'))?.contentType,
    ).toBe('image/webp');
  });

  it('refuses anything else, whatever its name', () => {
    expect(detectImageType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(detectImageType(Buffer.from('GIF89a'))).toBeNull();
    expect(detectImageType(Buffer.alloc(0))).toBeNull();
  });
});
