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

export function contactRequestEmail(options: {
  to: string;
  request: { name: string; email: string; institution: string; topic: string; message: string };
  receivedAt: Date;
}): EmailMessage {
  const { request } = options;
  const subject = `Contact form: ${request.topic} — ${request.name}`;
  const lines: [string, string][] = [
    ['From', `${request.name} <${request.email}>`],
    ['Institution', request.institution || '(not given)'],
    ['Topic', request.topic],
    ['Received', options.receivedAt.toISOString()],
  ];
  const text = [
    ...lines.map(([label, value]) => `${label}: ${value}`),
    '',
    request.message,
    '',
    'Reply to this email to answer the sender.',
  ].join('\n');
  const html = layout(
    'New message from the contact form',
    `<table style="font-size:14px;border-collapse:collapse">${lines
      .map(
        ([label, value]) =>
          `<tr><th style="text-align:left;padding:2px 12px 2px 0">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`,
      )
      .join('')}</table>
<p style="white-space:pre-wrap;border-left:3px solid #cbd5e1;padding-left:12px">${escapeHtml(request.message)}</p>`,
  );
  return { to: options.to, subject, text, html, replyTo: request.email };
}

export function notificationEmail(options: {
  to: string;
  name: string;
  title: string;
  body: string;
  url: string | null;
}): EmailMessage {
  const subject = options.title;
  const text = [
    `Hello ${options.name},`,
    '',
    options.title,
    ...(options.body ? ['', options.body] : []),
    ...(options.url ? ['', `Open it in Complivue: ${options.url}`] : []),
    '',
    'You receive this email because of your notification settings in your Complivue profile.',
  ].join('\n');
  const html = layout(
    options.title,
    `<p>Hello ${escapeHtml(options.name)},</p>
${options.body ? `<p>${escapeHtml(options.body)}</p>` : ''}
${options.url ? `<p><a href="${escapeHtml(options.url)}" style="display:inline-block;background:#164d72;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">Open in Complivue</a></p>` : ''}
<p style="font-size:12px;color:#475569">You receive this email because of your notification settings in your Complivue profile.</p>`,
  );
  return { to: options.to, subject, text, html };
}

/** An email an automation sends (its "send an email" action), whatever the notification settings. */
export function automationEmail(options: {
  to: string;
  name: string;
  subject: string;
  message: string;
  ruleName: string;
  url: string;
}): EmailMessage {
  const footer = `Sent by the automation “${options.ruleName}” your institution’s administrators set up in Complivue.`;
  const text = [
    `Hello ${options.name},`,
    '',
    options.message,
    '',
    `Open it in Complivue: ${options.url}`,
    '',
    footer,
  ].join('\n');
  const html = layout(
    options.subject,
    `<p>Hello ${escapeHtml(options.name)},</p>
<p>${escapeHtml(options.message)}</p>
<p><a href="${escapeHtml(options.url)}" style="display:inline-block;background:#164d72;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">Open in Complivue</a></p>
<p style="font-size:12px;color:#475569">${escapeHtml(footer)}</p>`,
  );
  return { to: options.to, subject: options.subject, text, html };
}

export function invitationEmail(options: {
  to: string;
  companyName: string;
  invitedByName: string;
  roleLabel: string;
  url: string;
  expiresAt: Date;
}): EmailMessage {
  const subject = `${options.invitedByName} invited you to ${options.companyName} on Complivue`;
  const expires = options.expiresAt.toUTCString();
  const text = [
    'Hello,',
    '',
    `${options.invitedByName} invited you to join ${options.companyName}'s compliance team on Complivue as ${options.roleLabel}. To accept, open this link:`,
    '',
    options.url,
    '',
    `The link works once and expires on ${expires}. If you did not expect this invitation, you can ignore this email.`,
  ].join('\n');
  const html = layout(
    subject,
    `<p>Hello,</p>
<p>${escapeHtml(options.invitedByName)} invited you to join ${escapeHtml(options.companyName)}'s compliance team on Complivue as ${escapeHtml(options.roleLabel)}.</p>
<p><a href="${escapeHtml(options.url)}" style="display:inline-block;background:#164d72;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">Accept the invitation</a></p>
<p style="font-size:13px">Or paste this link into your browser: ${escapeHtml(options.url)}</p>
<p style="font-size:13px">The link works once and expires on ${escapeHtml(expires)}. If you did not expect this invitation, you can ignore this email.</p>`,
  );
  return { to: options.to, subject, text, html };
}

export function supportReplyEmail(options: {
  to: string;
  name: string;
  ticketNumber: number;
  subject: string;
  reply: string;
  url: string;
}): EmailMessage {
  const subject = `Re: [Ticket ${options.ticketNumber}] ${options.subject}`;
  const text = [
    `Hello ${options.name},`,
    '',
    `Complivue support answered your ticket ${options.ticketNumber}, "${options.subject}":`,
    '',
    options.reply,
    '',
    `Read the thread and reply in Complivue: ${options.url}`,
  ].join('\n');
  const html = layout(
    `Support answered ticket ${options.ticketNumber}`,
    `<p>Hello ${escapeHtml(options.name)},</p>
<p>Complivue support answered your ticket ${options.ticketNumber}, “${escapeHtml(options.subject)}”:</p>
<blockquote style="border-left:3px solid #cbd5e1;margin:0;padding:4px 12px;white-space:pre-wrap">${escapeHtml(options.reply)}</blockquote>
<p><a href="${escapeHtml(options.url)}" style="display:inline-block;background:#164d72;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">Read and reply</a></p>`,
  );
  return { to: options.to, subject, text, html };
}

export function supportInboxEmail(options: {
  to: string;
  ticketNumber: number;
  subject: string;
  companyName: string;
  authorName: string;
  priority: string;
  message: string;
  url: string;
  isNewTicket: boolean;
}): EmailMessage {
  const subject = `${options.isNewTicket ? 'New ticket' : 'Reply on ticket'} ${options.ticketNumber} (${options.priority}): ${options.subject}`;
  const text = [
    `${options.authorName} (${options.companyName}) wrote:`,
    '',
    options.message,
    '',
    `Answer it in the Super Admin console: ${options.url}`,
  ].join('\n');
  const html = layout(
    subject,
    `<p>${escapeHtml(options.authorName)} (${escapeHtml(options.companyName)}) wrote:</p>
<blockquote style="border-left:3px solid #cbd5e1;margin:0;padding:4px 12px;white-space:pre-wrap">${escapeHtml(options.message)}</blockquote>
<p><a href="${escapeHtml(options.url)}">Answer it in the Super Admin console</a></p>`,
  );
  return { to: options.to, subject, text, html };
}

export interface DigestNotification {
  title: string;
  body: string;
  url: string | null;
  priority: 'high' | 'normal' | 'low';
  createdAt: Date;
  read: boolean;
}

export interface DigestUpdate {
  title: string;
  /** "Final rule · TRID, QM". */
  kind: string;
  url: string;
  score: number;
}

/**
 * The daily or weekly digest: what a member who chose a digest was not emailed at once (their
 * notifications of the categories they want by email) and other relevant regulatory updates.
 */
export function digestEmail(options: {
  to: string;
  name: string;
  kind: 'daily' | 'weekly';
  since: Date;
  notifications: DigestNotification[];
  /** More notifications than listed. */
  moreNotifications: number;
  updates: DigestUpdate[];
  notificationsUrl: string;
  feedsUrl: string;
  profileUrl: string;
}): EmailMessage {
  const period = options.kind === 'daily' ? 'Daily' : 'Weekly';
  const count = options.notifications.length + options.moreNotifications;
  const subject = `Your ${period.toLowerCase()} Complivue digest: ${[
    count > 0 ? `${count} notification${count === 1 ? '' : 's'}` : null,
    options.updates.length > 0
      ? `${options.updates.length} regulatory update${options.updates.length === 1 ? '' : 's'}`
      : null,
  ]
    .filter(Boolean)
    .join(', ')}`;
  const since = options.since.toUTCString();
  const mark = (item: DigestNotification) =>
    `${item.priority === 'high' ? '[High priority] ' : ''}${item.read ? '' : '[Unread] '}`;
  const text = [
    `Hello ${options.name},`,
    '',
    `Here is what happened in Complivue since ${since}.`,
    ...(options.notifications.length > 0
      ? [
          '',
          'NOTIFICATIONS',
          ...options.notifications.flatMap((item) => [
            '',
            `- ${mark(item)}${item.title}`,
            ...(item.body ? [`  ${item.body}`] : []),
            ...(item.url ? [`  ${item.url}`] : []),
          ]),
          ...(options.moreNotifications > 0
            ? ['', `…and ${options.moreNotifications} more: ${options.notificationsUrl}`]
            : []),
        ]
      : []),
    ...(options.updates.length > 0
      ? [
          '',
          'OTHER REGULATORY UPDATES RELEVANT TO YOUR INSTITUTION',
          ...options.updates.flatMap((update) => [
            '',
            `- ${update.title} (${update.kind}; relevance ${update.score}/100)`,
            `  ${update.url}`,
          ]),
          '',
          `All updates: ${options.feedsUrl}`,
        ]
      : []),
    '',
    `You receive this ${period.toLowerCase()} digest because of your notification settings: ${options.profileUrl}`,
  ].join('\n');
  const link = (url: string | null, label: string) =>
    url ? `<a href="${escapeHtml(url)}">${escapeHtml(label)}</a>` : escapeHtml(label);
  const html = layout(
    `${period} digest`,
    `<p>Hello ${escapeHtml(options.name)},</p>
<p>Here is what happened in Complivue since ${escapeHtml(since)}.</p>
${
  options.notifications.length > 0
    ? `<h2 style="font-size:16px">Notifications</h2><ul style="padding-left:18px">${options.notifications
        .map(
          (item) =>
            `<li style="margin-bottom:10px">${item.priority === 'high' ? '<strong style="color:#b91c1c">High priority</strong> ' : ''}${item.read ? '' : '<strong>Unread</strong> '}${link(item.url, item.title)}${item.body ? `<br><span style="font-size:13px;color:#334155">${escapeHtml(item.body)}</span>` : ''}</li>`,
        )
        .join('')}</ul>${
        options.moreNotifications > 0
          ? `<p style="font-size:13px">…and ${options.moreNotifications} more. <a href="${escapeHtml(options.notificationsUrl)}">See all notifications</a></p>`
          : ''
      }`
    : ''
}
${
  options.updates.length > 0
    ? `<h2 style="font-size:16px">Other regulatory updates relevant to your institution</h2><ul style="padding-left:18px">${options.updates
        .map(
          (update) =>
            `<li style="margin-bottom:10px">${link(update.url, update.title)}<br><span style="font-size:13px;color:#334155">${escapeHtml(update.kind)} · relevance ${update.score}/100</span></li>`,
        )
        .join(
          '',
        )}</ul><p style="font-size:13px"><a href="${escapeHtml(options.feedsUrl)}">All regulatory updates</a></p>`
    : ''
}
<p style="font-size:12px;color:#475569">You receive this ${period.toLowerCase()} digest because of your <a href="${escapeHtml(options.profileUrl)}">notification settings</a>.</p>`,
  );
  return { to: options.to, subject, text, html };
}

/**
 * A scheduled analytics report: the board report of the period just ended, attached as a PDF,
 * with its headline sentences in the body and how to stop receiving it.
 */
export function analyticsReportEmail(options: {
  to: string;
  institution: string;
  scheduleName: string;
  periodLabel: string;
  summary: string[];
  reportsUrl: string;
}): Omit<EmailMessage, 'attachments'> {
  const subject = `${options.scheduleName}: ${options.periodLabel} — ${options.institution}`;
  const text = [
    `${options.scheduleName} for ${options.periodLabel} is attached (PDF).`,
    '',
    ...options.summary.map((line) => `• ${line}`),
    '',
    `To stop receiving this report, open ${options.reportsUrl} and choose Unsubscribe.`,
  ].join('\n');
  const html = layout(
    subject,
    `<p>${escapeHtml(options.scheduleName)} for ${escapeHtml(options.periodLabel)} is attached (PDF).</p>
<ul>${options.summary.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>
<p style="font-size:12px;color:#475569">To stop receiving this report, <a href="${escapeHtml(options.reportsUrl)}">open the scheduled reports</a> and choose Unsubscribe.</p>`,
  );
  return { to: options.to, subject, text, html };
}
