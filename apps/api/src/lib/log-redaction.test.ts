import { describe, expect, it } from 'vitest';
import { redactUrl } from './log-redaction.ts';

describe('redactUrl', () => {
  it('hides the secrets of reset and invitation links, keeping the rest', () => {
    expect(redactUrl('/invitations/accept?token=abc123&x=1')).toBe(
      '/invitations/accept?token=[redacted]&x=1',
    );
    expect(redactUrl('/reset-password?x=1&TOKEN=zz')).toBe('/reset-password?x=1&TOKEN=[redacted]');
    expect(redactUrl('/api/team/members?query=token')).toBe('/api/team/members?query=token');
  });

  it('hides the secret of a calendar subscription URL', () => {
    expect(redactUrl('/api/calendar/feed/AbC_d-123.ics')).toBe('/api/calendar/feed/[redacted]');
    expect(redactUrl('/api/calendar/export.ics')).toBe('/api/calendar/export.ics');
  });
});
