import { CheckCircle2 } from 'lucide-react';
import { useState } from 'react';
import { useHydrated } from '@/lib/use-hydrated';
import { Form, SubmitButton, useZodForm } from '@/components/form/form';
import { SelectField, TextareaField, TextField } from '@/components/form/form-fields';
import { PageIntro } from '@/components/layouts/page-intro';
import { paths } from '@/config/paths';
import {
  CONTACT_LIMITS,
  CONTACT_TOPICS,
  CONTACT_TOPIC_LABELS,
  contactFormSchema,
} from '@complivue/shared/schemas/contact';
import { sendContactMessage } from './api.ts';

export function ContactPage() {
  // The text fields have no default: what is typed into the prerendered page before it becomes
  // interactive is read from the fields then, not replaced by an empty value.
  const form = useZodForm(contactFormSchema, { topic: '' });
  const [sentMessage, setSentMessage] = useState<string>();
  const hydrated = useHydrated();

  return (
    <>
      <PageIntro eyebrow="Contact" title="Talk to the Complivue team">
        <p>
          Questions about plans, a walkthrough for your compliance team, a security review or help
          with your account: write to us and we will answer by email.
        </p>
      </PageIntro>
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 lg:grid-cols-[1fr_20rem]">
        {sentMessage ? (
          <div role="status" className="rounded-lg border border-green-200 bg-green-50 p-6">
            <CheckCircle2 aria-hidden="true" className="size-6 text-green-700" />
            <h2 className="mt-3 text-xl font-semibold text-slate-900">Message sent</h2>
            <p className="mt-2 text-slate-800">{sentMessage}</p>
          </div>
        ) : (
          <Form
            form={form}
            failure="Your message could not be sent. Please try again."
            onSubmit={async (values) => setSentMessage((await sendContactMessage(values)).message)}
            className="space-y-5"
            aria-label="Contact form"
          >
            <div className="grid gap-5 sm:grid-cols-2">
              <TextField
                name="name"
                label="Name"
                autoComplete="name"
                maxLength={CONTACT_LIMITS.name}
              />
              <TextField
                name="email"
                label="Work email"
                type="email"
                autoComplete="email"
                maxLength={CONTACT_LIMITS.email}
              />
              <TextField
                name="institution"
                label={
                  <>
                    Institution<span className="font-normal text-slate-600"> (optional)</span>
                  </>
                }
                autoComplete="organization"
                maxLength={CONTACT_LIMITS.institution}
              />
              <SelectField name="topic" label="Topic">
                <option value="" disabled>
                  Choose a topic
                </option>
                {CONTACT_TOPICS.map((topic) => (
                  <option key={topic} value={topic}>
                    {CONTACT_TOPIC_LABELS[topic]}
                  </option>
                ))}
              </SelectField>
            </div>
            <TextareaField
              name="message"
              label="Message"
              rows={7}
              maxLength={CONTACT_LIMITS.message}
            />
            {/* Honeypot: hidden from people and assistive technology; bots fill it in. */}
            <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
              <label htmlFor="contact-website">Leave this field empty</label>
              <input
                id="contact-website"
                type="text"
                tabIndex={-1}
                autoComplete="off"
                {...form.register('website')}
              />
            </div>
            <SubmitButton pendingLabel="Sending..." disabled={!hydrated}>
              Send message
            </SubmitButton>
            <p className="text-xs text-slate-600">
              We use what you send only to answer you. See our{' '}
              <a href={paths.privacy} className="underline">
                Privacy Policy
              </a>
              .
            </p>
          </Form>
        )}
        <aside className="space-y-6 text-sm text-slate-700">
          <div>
            <h2 className="font-semibold text-slate-900">Already a customer?</h2>
            <p className="mt-1">
              Members can find answers in the{' '}
              <a href={paths.help} className="font-medium text-brand-700 underline">
                help centre
              </a>{' '}
              and open a support ticket from the app.
            </p>
          </div>
          <div>
            <h2 className="font-semibold text-slate-900">Security reviews</h2>
            <p className="mt-1">
              Choose “Security review or questionnaire” and tell us what your vendor-management
              process needs; we answer due-diligence questionnaires for institutions evaluating us.
            </p>
          </div>
        </aside>
      </div>
    </>
  );
}
