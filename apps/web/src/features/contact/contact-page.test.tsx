// @vitest-environment happy-dom
import { CONTACT_MESSAGES } from '@complivue/shared/schemas/contact';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answerApi, renderComponent } from '../../../test/render.tsx';
import { ContactPage } from './contact-page.tsx';

const received = () => ({ status: 201, body: { message: CONTACT_MESSAGES.received } });

async function type(view: ReturnType<typeof renderComponent>, label: string, value: string) {
  await view.user.click(screen.getByLabelText(label));
  await view.user.paste(value);
}

const send = (view: ReturnType<typeof renderComponent>) =>
  view.user.click(screen.getByRole('button', { name: 'Send message' }));

const alertTexts = () => screen.queryAllByRole('alert').map((alert) => alert.textContent);

describe('Contact form', () => {
  it("refuses an empty form with the request's messages beside the fields, and sends nothing", async () => {
    const calls = answerApi(received);
    const view = renderComponent(<ContactPage />);
    await send(view);
    await expect
      .poll(alertTexts)
      .toEqual([
        CONTACT_MESSAGES.name,
        CONTACT_MESSAGES.email,
        CONTACT_MESSAGES.topic,
        CONTACT_MESSAGES.messageShort,
      ]);
    expect(screen.getByLabelText('Work email').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Institution (optional)').getAttribute('aria-invalid')).toBe(null);
    expect(calls).toEqual([]);
  });

  it('refuses a malformed email and a short message, keeping what was typed', async () => {
    const calls = answerApi(received);
    const view = renderComponent(<ContactPage />);
    await type(view, 'Name', 'Dana Whitfield');
    await type(view, 'Work email', 'dana@prairie-cu');
    await view.user.selectOptions(screen.getByLabelText('Topic'), 'demo');
    await type(view, 'Message', 'Hello');
    await send(view);
    await expect.poll(alertTexts).toEqual([CONTACT_MESSAGES.email, CONTACT_MESSAGES.messageShort]);
    expect(screen.getByLabelText<HTMLInputElement>('Name').value).toBe('Dana Whitfield');
    expect(calls).toEqual([]);
  });

  it("sends the message as the request's schema reads it and shows the team's answer", async () => {
    const calls = answerApi(received);
    const view = renderComponent(<ContactPage />);
    await type(view, 'Name', ' Dana Whitfield ');
    await type(view, 'Work email', ' Dana@Prairie-CU.example ');
    await type(view, 'Institution (optional)', 'Prairie Federal Credit Union');
    await view.user.selectOptions(screen.getByLabelText('Topic'), 'demo');
    await type(view, 'Message', 'We would like a walkthrough of the HMDA calendar.');
    await send(view);
    expect(await screen.findByRole('heading', { name: 'Message sent' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain(CONTACT_MESSAGES.received);
    expect(calls).toEqual([
      {
        method: 'POST',
        path: '/api/contact',
        body: {
          name: 'Dana Whitfield',
          email: 'dana@prairie-cu.example',
          institution: 'Prairie Federal Credit Union',
          topic: 'demo',
          message: 'We would like a walkthrough of the HMDA calendar.',
          website: '',
        },
      },
    ]);
  });

  it("shows the server's refusal above the form and keeps it", async () => {
    answerApi(() => ({
      status: 429,
      body: { error: { code: 'rate_limit', message: CONTACT_MESSAGES.rate_limit } },
    }));
    const view = renderComponent(<ContactPage />);
    await type(view, 'Name', 'Dana Whitfield');
    await type(view, 'Work email', 'dana@prairie-cu.example');
    await view.user.selectOptions(screen.getByLabelText('Topic'), 'support');
    await type(view, 'Message', 'I cannot sign in to our account.');
    await send(view);
    expect((await screen.findByRole('alert')).textContent).toBe(CONTACT_MESSAGES.rate_limit);
    expect(screen.queryByRole('heading', { name: 'Message sent' })).toBeNull();
    expect(screen.getByLabelText<HTMLTextAreaElement>('Message').value).toBe(
      'I cannot sign in to our account.',
    );
  });
});
