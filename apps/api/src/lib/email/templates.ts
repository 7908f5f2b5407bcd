import type { EmailMessage } from './mailer.ts';

/** Every email the product sends, in plain text and HTML, in one place. */

function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');
}

function layout(title: string, bodyHtml: string): string {
  return `<!doctype html><html lang="en"><body style="font-family:Arial,Helvetica,sans-serif;color:#0f172a;max-width:560px;margin:0 auto;padding:24px">
<h1 style="font-size:20px;color:#0f3d5e">${escapeHtml(title)}</h1>
${bodyHtml}
<p style="font-size:12px;color:#475569;margin-top:32px">Complivue — compliance management for credit unions, community banks and mortgage companies.</p>
</body></html>`;
}

export function passwordResetEmail(options: {
  to: string;
  name: string;
  url: string;
}): EmailMessage {
  const subject = 'Reset your Complivue password';
  const text = [
    `Hello ${options.name},`,
    '',
    'Someone asked to reset the password of your Complivue account. To choose a new password, open this link:',
    '',
    options.url,
    '',
    'The link works once and expires in one hour. If you did not ask for it, you can ignore this email: your password stays as it is.',
  ].join('\n');
  const html = layout(
    subject,
    `<p>Hello ${escapeHtml(options.name)},</p>
<p>Someone asked to reset the password of your Complivue account. To choose a new password, use the button below.</p>
<p><a href="${escapeHtml(options.url)}" style="display:inline-block;background:#164d72;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">Reset password</a></p>
<p style="font-size:13px">Or paste this link into your browser: ${escapeHtml(options.url)}</p>
<p style="font-size:13px">The link works once and expires in one hour. If you did not ask for it, you can ignore this email: your password stays as it is.</p>`,
  );
  return { to: options.to, subject, text, html };
}
