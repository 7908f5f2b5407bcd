import { describe, expect, it } from 'vitest';
import { maskLinkSecrets } from './admin.queries.ts';

describe('maskLinkSecrets', () => {
  it('hides reset, invitation and calendar feed keys, and nothing else', () => {
    const text = [
      'Reset: https://app.example/reset-password?token=AbC_123-xyz',
      'Join: https://app.example/invitations/accept?token=s3cr3t&utm=1',
      '<a href="https://app.example/invitations/accept?foo=1&amp;token=k3y">Accept</a>',
      'Subscribe: https://app.example/api/calendar/feed/f33dk3y.ics',
      'Dashboard: https://app.example/dashboard?tab=open',
    ].join('\n');
    const masked = maskLinkSecrets(text);
    for (const secret of ['AbC_123-xyz', 's3cr3t', 'k3y', 'f33dk3y']) {
      expect(masked).not.toContain(secret);
    }
    expect(masked).toContain('/reset-password?token=[hidden]');
    expect(masked).toContain('?token=[hidden]&utm=1');
    expect(masked).toContain('/api/calendar/feed/[hidden].ics');
    expect(masked).toContain('/dashboard?tab=open');
  });
});
