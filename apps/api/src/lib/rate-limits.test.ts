import { describe, expect, it } from 'vitest';
import { RATE_LIMITS, rateLimitRules, type RateLimitName } from './rate-limits.ts';

describe('rate limits', () => {
  it('declares positive limits and windows, each with a message', () => {
    for (const [name, declaration] of Object.entries(RATE_LIMITS)) {
      expect(declaration.rules.length, name).toBeGreaterThan(0);
      for (const rule of declaration.rules) {
        expect(Number.isInteger(rule.limit) && rule.limit > 0, name).toBe(true);
        expect(Number.isInteger(rule.windowSeconds) && rule.windowSeconds > 0, name).toBe(true);
      }
      expect(declaration.message.trim(), name).not.toBe('');
    }
  });

  it('keeps the bucket keys the limits have always used', () => {
    const parts = { ip: '203.0.113.7', email: 'a@example.com', userId: 'u1' };
    const keys = (name: RateLimitName) => rateLimitRules(name, parts).map((rule) => rule.key);
    expect(keys('sign-in')).toEqual(['sign-in:ip:203.0.113.7']);
    expect(keys('sign-up')).toEqual(['sign-up:ip:203.0.113.7', 'sign-up:email:a@example.com']);
    expect(keys('reset')).toEqual(['reset:ip:203.0.113.7', 'reset:email:a@example.com']);
    expect(keys('reset-submit')).toEqual(['reset-submit:ip:203.0.113.7']);
    expect(keys('password-change')).toEqual(['password-change:user:u1']);
    expect(keys('invite')).toEqual(['invite:user:u1']);
    expect(keys('chat')).toEqual(['chat:ip:203.0.113.7', 'chat:user:u1']);
    expect(keys('support')).toEqual(['support:user:u1']);
  });

  it('keeps the numbers of each limit', () => {
    const numbers = Object.fromEntries(
      Object.entries(RATE_LIMITS).map(([name, { rules }]) => [
        name,
        rules.map((rule) => `${rule.limit} per ${rule.per} per ${rule.windowSeconds} s`),
      ]),
    );
    expect(numbers).toEqual({
      'sign-in': ['30 per ip per 900 s'],
      'two-factor': ['10 per ip per 300 s'],
      'sign-up': ['10 per ip per 3600 s', '5 per email per 3600 s'],
      reset: ['10 per ip per 600 s', '3 per email per 600 s'],
      'reset-submit': ['20 per ip per 600 s'],
      'password-change': ['5 per user per 900 s'],
      'two-factor-disable': ['5 per user per 900 s'],
      setup: ['10 per ip per 3600 s'],
      invite: ['50 per user per 3600 s'],
      invitation: ['30 per ip per 3600 s'],
      chat: ['60 per ip per 600 s', '30 per user per 600 s'],
      contact: ['5 per ip per 3600 s'],
      support: ['20 per user per 3600 s'],
      'support-reply': ['120 per user per 3600 s'],
      'webhook-send': ['30 per user per 600 s'],
    });
  });

  it('counts a guest of the chat by address only, and refuses a limit without its part', () => {
    expect(rateLimitRules('chat', { ip: '203.0.113.7' }).map((rule) => rule.key)).toEqual([
      'chat:ip:203.0.113.7',
    ]);
    expect(() => rateLimitRules('sign-up', { ip: '203.0.113.7' })).toThrow(/email/);
  });
});
