import {
  commentPlainText,
  commentSegments,
  mentionedUserIds,
} from '@complivue/shared/schemas/collaboration';
import { describe, expect, it } from 'vitest';
import { encodeMentions, mentionQuery } from './mentions.ts';

describe('comment mentions', () => {
  it('turns picked mentions into tokens the server reads, longer names first', () => {
    const body = encodeMentions('@Dana Reyes and @Dana, please check. @Sam is not picked.', [
      { name: 'Dana', userId: 'u-short' },
      { name: 'Dana Reyes', userId: 'u-long' },
    ]);
    expect(body).toBe(
      '@[Dana Reyes](u-long) and @[Dana](u-short), please check. @Sam is not picked.',
    );
    expect(mentionedUserIds(body)).toEqual(['u-long', 'u-short']);
    expect(commentPlainText(body)).toBe('@Dana Reyes and @Dana, please check. @Sam is not picked.');
    expect(commentSegments(body)).toEqual([
      { kind: 'mention', name: 'Dana Reyes', userId: 'u-long' },
      { kind: 'text', text: ' and ' },
      { kind: 'mention', name: 'Dana', userId: 'u-short' },
      { kind: 'text', text: ', please check. @Sam is not picked.' },
    ]);
  });

  it('finds the @word being typed before the caret', () => {
    expect(mentionQuery('Hi @Jo', 6)).toEqual({ start: 3, query: 'jo' });
    expect(mentionQuery('@', 1)).toEqual({ start: 0, query: '' });
    expect(mentionQuery('mail me@example', 15)).toBeNull();
    expect(mentionQuery('Hi @Jo there', 12)).toBeNull();
    expect(mentionQuery('Hi @Jo there', 6)).toEqual({ start: 3, query: 'jo' });
  });
});
