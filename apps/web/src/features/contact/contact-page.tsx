import { CheckCircle2 } from 'lucide-react';
import { useId, useState, type FormEvent, type ReactElement } from 'react';
import { useHydrated } from '@/lib/use-hydrated';
import { PageIntro } from '@/components/layouts/page-intro';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input, Select } from '@/components/ui/input';
import { paths } from '@/config/paths';
import { ApiClientError, apiRequest } from '@/lib/api-client';
import {
  CONTACT_LIMITS,
  CONTACT_TOPICS,
  CONTACT_TOPIC_LABELS,
  contactRequestSchema,
  contactResponseSchema,
} from '@complivue/shared/schemas/contact';

type FieldName = 'name' | 'email' | 'institution' | 'topic' | 'message';
type FieldErrors = Partial<Record<FieldName, string>>;

const FIELD_NAMES: FieldName[] = ['name', 'email', 'institution', 'topic', 'message'];

function isFieldName(value: unknown): value is FieldName {
  return typeof value === 'string' && (FIELD_NAMES as string[]).includes(value);
}

/** Field errors from the server's `details` (`[{ path: '/email', message }]`). */
function fieldErrorsFrom(details: unknown): FieldErrors {
  if (!Array.isArray(details)) return {};
  const errors: FieldErrors = {};
  for (const detail of details as { path?: string; message?: string }[]) {
    const field = detail.path?.replace(/^\//, '');
    if (isFieldName(field) && detail.message) errors[field] ??= detail.message;
  }
  return errors;
}

function Field({
  label,
  error,
  optional,
  children,
}: {
  label: string;
  error?: string;
  optional?: boolean;
  children: (props: {
    id: string;
    'aria-invalid': boolean;
    'aria-describedby'?: string;
  }) => ReactElement;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-900">
        {label}
        {optional && <span className="font-normal text-slate-600"> (optional)</span>}
      </label>
      <div className="mt-1">
        {children({
          id,
          'aria-invalid': Boolean(error),
          'aria-describedby': error ? errorId : undefined,
        })}
      </div>
      {error && (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

export function ContactPage() {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string>();
  const [sentMessage, setSentMessage] = useState<string>();
  const [busy, setBusy] = useState(false);
  const hydrated = useHydrated();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailure(undefined);
    const form = new FormData(event.currentTarget);
    const input = Object.fromEntries(
      [...FIELD_NAMES, 'website'].map((name) => [name, String(form.get(name) ?? '')]),
    );
    const parsed = contactRequestSchema.safeParse(input);
    if (!parsed.success) {
      const next: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if (isFieldName(field)) next[field] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const response = await apiRequest('/api/contact', {
        method: 'POST',
        body: input,
        schema: contactResponseSchema,
      });
      setSentMessage(response.message);
    } catch (error) {
      if (error instanceof ApiClientError) {
        setErrors(fieldErrorsFrom(error.details));
        setFailure(error.message);
      } else {
        setFailure('Your message could not be sent. Please try again.');
      }
    } finally {
      setBusy(false);
    }
  }

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
          <form noValidate onSubmit={submit} className="space-y-5" aria-label="Contact form">
            {failure && <Alert variant="destructive">{failure}</Alert>}
            <div className="grid gap-5 sm:grid-cols-2">
              <Field label="Name" error={errors.name}>
                {(props) => (
                  <Input
                    {...props}
                    name="name"
                    autoComplete="name"
                    maxLength={CONTACT_LIMITS.name}
                  />
                )}
              </Field>
              <Field label="Work email" error={errors.email}>
                {(props) => (
                  <Input
                    {...props}
                    name="email"
                    type="email"
                    autoComplete="email"
                    maxLength={CONTACT_LIMITS.email}
                  />
                )}
              </Field>
              <Field label="Institution" optional error={errors.institution}>
                {(props) => (
                  <Input
                    {...props}
                    name="institution"
                    autoComplete="organization"
                    maxLength={CONTACT_LIMITS.institution}
                  />
                )}
              </Field>
              <Field label="Topic" error={errors.topic}>
                {(props) => (
                  <Select {...props} name="topic" defaultValue="">
                    <option value="" disabled>
                      Choose a topic
                    </option>
                    {CONTACT_TOPICS.map((topic) => (
                      <option key={topic} value={topic}>
                        {CONTACT_TOPIC_LABELS[topic]}
                      </option>
                    ))}
                  </Select>
                )}
              </Field>
            </div>
            <Field label="Message" error={errors.message}>
              {(props) => (
                <textarea
                  {...props}
                  name="message"
                  rows={7}
                  maxLength={CONTACT_LIMITS.message}
                  className="block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brand-600 aria-[invalid=true]:border-red-700"
                />
              )}
            </Field>
            {/* Honeypot: hidden from people and assistive technology; bots fill it in. */}
            <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
              <label htmlFor="contact-website">Leave this field empty</label>
              <input
                id="contact-website"
                name="website"
                type="text"
                tabIndex={-1}
                autoComplete="off"
              />
            </div>
            <Button type="submit" disabled={busy || !hydrated}>
              {busy ? 'Sending...' : 'Send message'}
            </Button>
            <p className="text-xs text-slate-600">
              We use what you send only to answer you. See our{' '}
              <a href={paths.privacy} className="underline">
                Privacy Policy
              </a>
              .
            </p>
          </form>
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
