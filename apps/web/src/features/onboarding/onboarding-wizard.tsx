import { hasRoleAtLeast } from '@complivue/shared/roles';
import type { SessionResponse } from '@complivue/shared/schemas/auth';
import { profileStepFormSchema } from '@complivue/shared/schemas/profile';
import { ArrowRight, X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Form, useZodForm } from '@/components/form/form';
import { TextField } from '@/components/form/form-fields';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { isBuilt, paths, type PathName } from '@/config/paths';
import { userFacingMessage } from '@/lib/api-client';
import { readOnboardingStep, setOnboardingFlag, storeOnboardingStep } from '@/lib/browser-storage';
import { useCompanyProfile } from '@/lib/company-profile';
import { CompanyProfileForm } from '@/components/company-profile-form';
import { CompanySummary } from '@/components/company-summary';
import { useUpdateProfile } from '@/lib/profile';
import { useMarkOnboardingComplete } from './api.ts';

type StepId = 'profile' | 'company' | 'team' | 'start';

const STEP_TITLES: Record<StepId, string> = {
  profile: 'Confirm your profile',
  company: 'Your institution',
  team: 'Invite your team',
  start: 'Where to start',
};

/** The places a new member usually starts from; only pages of this build are offered. */
const STARTING_POINTS: { to: PathName; label: string; description: string }[] = [
  {
    to: 'compliance',
    label: 'Browse the compliance library',
    description: 'Articles and rules with their CFR citations, by regulation area.',
  },
  {
    to: 'regulatoryFeeds',
    label: 'Follow regulatory changes',
    description: 'New rules, guidance and enforcement actions from the agencies.',
  },
  {
    to: 'profile',
    label: 'Secure your account',
    description: 'Turn on two-factor authentication and choose your notifications.',
  },
  {
    to: 'subscription',
    label: 'Review your plan',
    description: 'See what your trial includes and choose the plan that fits.',
  },
  {
    to: 'dashboard',
    label: 'Go to your dashboard',
    description: 'Alerts, deadlines and your team’s activity at a glance.',
  },
];

interface StepProps {
  session: SessionResponse;
  /** The step's buttons (Back, Skip this step, Save and continue). */
  footer: (busy: boolean) => ReactNode;
  onDone: () => void;
}

function ProfileStep({ session, footer, onDone }: StepProps) {
  const form = useZodForm(profileStepFormSchema, {
    fullName: session.profile.fullName ?? session.user.name,
    jobTitle: session.profile.jobTitle ?? '',
  });
  const updateProfile = useUpdateProfile();

  return (
    <Form
      form={form}
      failure="Your profile could not be saved."
      className="space-y-4"
      onSubmit={async (values) => {
        await updateProfile.mutateAsync({
          ...values,
          phone: session.profile.phone,
          timezone: session.profile.timezone,
        });
        onDone();
      }}
    >
      <p className="text-sm text-slate-700">
        Your name and title appear on the work you sign off, in the activity log and to your team.
      </p>
      <TextField name="fullName" label="Full name" autoComplete="name" />
      <TextField
        name="jobTitle"
        label="Job title"
        hint="For example: Chief Compliance Officer, BSA Officer."
        autoComplete="organization-title"
      />
      <div className="flex flex-wrap justify-end gap-2">{footer(form.formState.isSubmitting)}</div>
    </Form>
  );
}

function CompanyStep({ session, footer, onDone }: StepProps) {
  const company = useCompanyProfile();
  if (company.isPending) return <Spinner label="Loading your institution" />;
  if (company.isError) {
    return (
      <div className="space-y-4">
        <Alert variant="destructive">{company.error.message}</Alert>
        <div className="flex justify-end gap-2">{footer(false)}</div>
      </div>
    );
  }
  if (!hasRoleAtLeast(session.profile.role, 'admin')) {
    return (
      <div className="space-y-4">
        <CompanySummary profile={company.data} />
        <div className="flex flex-wrap justify-end gap-2">{footer(false)}</div>
      </div>
    );
  }
  return <CompanyProfileForm profile={company.data} onSaved={onDone} actions={footer} />;
}

/**
 * The onboarding wizard of docs/product.md § Onboarding. Finishing it, or dismissing it (close
 * button, Escape, "Skip for now"), records completion in this browser and on the server, so it does
 * not come back after a sign-out.
 */
export function OnboardingWizard({
  session,
  onClose,
}: {
  session: SessionResponse;
  onClose: () => void;
}) {
  const navigate = useNavigate();
  const isAdmin = hasRoleAtLeast(session.profile.role, 'admin');
  const steps: StepId[] = [
    'profile',
    ...(session.company ? (['company'] as const) : []),
    ...(session.company && isAdmin && isBuilt('usersTeam') ? (['team'] as const) : []),
    'start',
  ];
  const [index, setIndexState] = useState(() =>
    Math.max(0, steps.indexOf(readOnboardingStep(session.user.id) as StepId)),
  );
  const setIndex = (position: number) => {
    setIndexState(position);
    storeOnboardingStep(session.user.id, steps[position]!);
  };
  const markComplete = useMarkOnboardingComplete();
  const finishing = markComplete.isPending;
  const step = steps[index]!;
  const next = () => setIndex(Math.min(index + 1, steps.length - 1));

  function finish(destination?: string) {
    if (finishing) return;
    markComplete.mutate(undefined, {
      onSuccess: () => {
        setOnboardingFlag(session.user.id);
        storeOnboardingStep(session.user.id, null);
        onClose();
        if (destination) void navigate(destination);
      },
    });
  }

  const footer = (busy: boolean) => (
    <>
      {index > 0 && (
        <Button type="button" variant="ghost" onClick={() => setIndex(index - 1)}>
          Back
        </Button>
      )}
      <Button type="button" variant="secondary" onClick={next} disabled={busy}>
        Skip this step
      </Button>
      <Button type="submit" disabled={busy}>
        {busy ? 'Saving…' : 'Save and continue'}
      </Button>
    </>
  );
  const readOnlyFooter = () => (
    <>
      {index > 0 && (
        <Button type="button" variant="ghost" onClick={() => setIndex(index - 1)}>
          Back
        </Button>
      )}
      <Button type="button" onClick={next}>
        Continue
      </Button>
    </>
  );

  return (
    <Dialog.Root open onOpenChange={(open) => !open && finish()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <Dialog.Content className="fixed inset-x-0 top-0 z-50 mx-auto flex max-h-dvh w-full max-w-2xl flex-col bg-white shadow-xl sm:top-8 sm:max-h-[calc(100dvh-4rem)] sm:rounded-lg">
          <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-6 py-4">
            <div>
              <p className="text-xs font-semibold tracking-wide text-brand-800 uppercase">
                Step {index + 1} of {steps.length}
              </p>
              <Dialog.Title className="text-xl font-bold text-slate-900">
                Welcome to Complivue
              </Dialog.Title>
              <Dialog.Description className="text-sm text-slate-700">
                {STEP_TITLES[step]}
              </Dialog.Description>
            </div>
            <Dialog.Close asChild>
              <button
                type="button"
                className="rounded p-1 text-slate-600 hover:bg-slate-100"
                aria-label="Skip for now"
                disabled={finishing}
              >
                <X aria-hidden="true" className="size-5" />
              </button>
            </Dialog.Close>
          </div>
          <ol className="flex gap-2 px-6 pt-4" aria-label="Steps">
            {steps.map((id, position) => (
              <li
                key={id}
                aria-current={position === index ? 'step' : undefined}
                className={`h-1.5 flex-1 rounded-full ${position <= index ? 'bg-brand-700' : 'bg-slate-200'}`}
              >
                <span className="sr-only">
                  {STEP_TITLES[id]}
                  {position < index ? ' (done)' : ''}
                </span>
              </li>
            ))}
          </ol>
          <div className="overflow-y-auto px-6 py-5">
            {markComplete.isError && (
              <Alert variant="destructive" className="mb-4">
                {userFacingMessage(
                  markComplete.error,
                  'Your progress could not be saved. Please try again.',
                )}
              </Alert>
            )}
            {step === 'profile' && <ProfileStep session={session} footer={footer} onDone={next} />}
            {step === 'company' && (
              <CompanyStep
                session={session}
                footer={isAdmin ? footer : readOnlyFooter}
                onDone={next}
              />
            )}
            {step === 'team' && (
              <div className="space-y-4">
                <p className="text-sm text-slate-700">
                  Invite the people who share your compliance work: each gets an email with a link
                  that works once for 7 days, and the role you choose (user or manager).
                </p>
                <div className="flex flex-wrap justify-end gap-2">
                  <Button type="button" variant="ghost" onClick={() => setIndex(index - 1)}>
                    Back
                  </Button>
                  <Button type="button" variant="secondary" onClick={next}>
                    Later
                  </Button>
                  <Button
                    type="button"
                    disabled={finishing}
                    onClick={() => finish(paths.usersTeam)}
                  >
                    Invite teammates
                  </Button>
                </div>
              </div>
            )}
            {step === 'start' && (
              <div className="space-y-4">
                <p className="text-sm text-slate-700">
                  You are set up. Pick where to begin; everything stays in the sidebar.
                </p>
                <ul className="space-y-2">
                  {STARTING_POINTS.filter((point) => isBuilt(point.to)).map((point) => (
                    <li key={point.to}>
                      <button
                        type="button"
                        disabled={finishing}
                        onClick={() => finish(paths[point.to])}
                        className="flex w-full items-center justify-between gap-3 rounded-md border border-slate-200 px-4 py-3 text-left hover:border-brand-600"
                      >
                        <span>
                          <span className="block font-medium text-slate-900">{point.label}</span>
                          <span className="block text-sm text-slate-700">{point.description}</span>
                        </span>
                        <ArrowRight aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
                      </button>
                    </li>
                  ))}
                </ul>
                <div className="flex justify-end gap-2">
                  <Button type="button" variant="ghost" onClick={() => setIndex(index - 1)}>
                    Back
                  </Button>
                </div>
              </div>
            )}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
