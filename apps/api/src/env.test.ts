import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from './env.ts';

describe('parseEnv', () => {
  it('applies the documented defaults', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({
      PORT: 3000,
      HOST: '0.0.0.0',
      DATA_DIR: './data',
      NODE_ENV: 'development',
    });
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it('trusts no proxy unless told which', () => {
    expect(parseEnv({}).TRUST_PROXY).toBe(false);
    expect(parseEnv({ TRUST_PROXY: '0' }).TRUST_PROXY).toBe(false);
    expect(parseEnv({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(parseEnv({ TRUST_PROXY: '10.0.0.1, 10.1.0.0/16,loopback' }).TRUST_PROXY).toEqual([
      '10.0.0.1',
      '10.1.0.0/16',
      'loopback',
    ]);
    expect(() => parseEnv({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: must be a hop count/);
    expect(() => parseEnv({ TRUST_PROXY: '10.0.0.1, proxy.internal' })).toThrow(
      /not: proxy.internal/,
    );
  });

  it('defaults APP_URL to this server on its PORT, and keeps an APP_URL that is set', () => {
    expect(parseEnv({}).APP_URL).toBe('http://localhost:3000');
    expect(parseEnv({ PORT: '8080' }).APP_URL).toBe('http://localhost:8080');
    expect(parseEnv({ PORT: '8080', APP_URL: '' }).APP_URL).toBe('http://localhost:8080');
    expect(parseEnv({ PORT: '8080', APP_URL: 'https://app.example.org' }).APP_URL).toBe(
      'https://app.example.org',
    );
    // A port picked at start is not known yet.
    expect(parseEnv({ PORT: '0' }).APP_URL).toBe('http://localhost:3000');
    // A bad PORT is reported once, as itself, not again as a bad APP_URL.
    expect(() => parseEnv({ PORT: 'eighty' })).toThrow(/^(?![\s\S]*APP_URL)[\s\S]*PORT/);
  });

  it('treats an empty variable as unset', () => {
    expect(parseEnv({ PORT: '', DATABASE_URL: '' })).toMatchObject({ PORT: 3000 });
  });

  it('names every bad field', () => {
    let thrown: unknown;
    try {
      parseEnv({ PORT: 'eighty', DATABASE_URL: 'mysql://x', NODE_ENV: 'staging' });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(EnvError);
    const message = (thrown as EnvError).message;
    expect(message).toContain('PORT');
    expect(message).toContain('DATABASE_URL: must be a postgres:// or postgresql:// URL');
    expect(message).toContain('NODE_ENV');
  });

  it('takes the language model settings together or not at all', () => {
    expect(parseEnv({}).LLM_BASE_URL).toBeUndefined();
    expect(() => parseEnv({ LLM_BASE_URL: 'https://llm.example/v1' })).toThrow(
      /LLM_API_KEY: is required[\s\S]*LLM_MODEL: is required/,
    );
    expect(
      parseEnv({ LLM_BASE_URL: 'https://llm.example/v1', LLM_API_KEY: 'k', LLM_MODEL: 'm' }),
    ).toMatchObject({ LLM_MODEL: 'm' });
  });

  it('requires every Stripe price and the webhook secret once Stripe is turned on', () => {
    expect(() => parseEnv({ STRIPE_SECRET_KEY: 'sk_test_0123456789' })).toThrow(
      /STRIPE_WEBHOOK_SECRET: is required when STRIPE_SECRET_KEY is set[\s\S]*STRIPE_PRICE_ENTERPRISE_ANNUAL/,
    );
  });
});
