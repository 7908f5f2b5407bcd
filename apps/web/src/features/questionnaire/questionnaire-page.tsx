import { ArrowLeft, ArrowRight } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useHydrated } from '@/lib/use-hydrated';
import { PageIntro } from '@/components/layouts/page-intro';
import { buttonVariants } from '@/components/ui/button-variants';
import { paths } from '@/config/paths';
import { storePendingQuestionnaire } from '@/lib/browser-storage';
import {
  ASSETS_SIZE_LABELS,
  INSTITUTION_TYPE_LABELS,
  PRIMARY_REGULATOR_LABELS,
} from '@complivue/shared/institutions';
import { PLAN_CATALOGUE } from '@complivue/shared/plans';
import { EMAIL_PATTERN, normalizeEmail, SIGNUP_MESSAGES } from '@complivue/shared/schemas/auth';
import {
  PAIN_POINTS,
  recommendPlan,
  type PainPoint,
  type PlanRecommendation,
} from './recommend-plan.ts';

const PRODUCTS = {
  first_mortgages: 'First-lien mortgages',
  home_equity: 'Home equity loans and lines of credit',
  construction: 'Construction loans',
  consumer: 'Consumer loans and credit cards',
  small_business: 'Small business and agricultural loans',
  deposits: 'Deposit accounts',
} as const;

const LOAN_VOLUMES = {
  under_100: 'Fewer than 100 closed-end mortgage loans a year',
  '100_499': '100 to 499',
  '500_1999': '500 to 1,999',
  '2000_plus': '2,000 or more',
} as const;

const HMDA_ANSWERS = { yes: 'Yes', no: 'No', not_sure: 'Not sure' } as const;

interface Answers {
  institutionType?: string;
  assetsSize?: string;
  primaryRegulator?: string;
  products: string[];
  annualLoanVolume?: string;
  hmdaReporter?: string;
  painPoints: PainPoint[];
}

type Step =
  | {
      key:
        'institutionType' | 'assetsSize' | 'primaryRegulator' | 'annualLoanVolume' | 'hmdaReporter';
      kind: 'one';
      question: string;
      options: Record<string, string>;
    }
  | {
      key: 'products' | 'painPoints';
      kind: 'many';
      question: string;
      options: Record<string, string>;
    };

const STEPS: Step[] = [
  {
    key: 'institutionType',
    kind: 'one',
    question: 'What kind of institution are you?',
    options: INSTITUTION_TYPE_LABELS,
  },
  {
    key: 'assetsSize',
    kind: 'one',
    question: 'What are your total assets?',
    options: ASSETS_SIZE_LABELS,
  },
  {
    key: 'primaryRegulator',
    kind: 'one',
    question: 'Who is your primary regulator?',
    options: PRIMARY_REGULATOR_LABELS,
  },
  { key: 'products', kind: 'many', question: 'Which products do you offer?', options: PRODUCTS },
  {
    key: 'annualLoanVolume',
    kind: 'one',
    question: 'How many closed-end mortgage loans do you originate a year?',
    options: LOAN_VOLUMES,
  },
  { key: 'hmdaReporter', kind: 'one', question: 'Do you report HMDA data?', options: HMDA_ANSWERS },
  {
    key: 'painPoints',
    kind: 'many',
    question: 'What takes the most effort in your compliance work today?',
    options: Object.fromEntries(
      Object.entries(PAIN_POINTS).map(([key, value]) => [key, value.label]),
    ),
  },
];

const TOTAL_STEPS = STEPS.length + 1;

function StepFrame({
  index,
  title,
  children,
}: {
  index: number;
  title: string;
  children: ReactNode;
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  // Moving between steps moves focus to the new question, so screen readers announce it.
  useEffect(() => {
    if (index > 0) headingRef.current?.focus();
  }, [index]);
  return (
    <>
      <p className="text-sm font-medium text-slate-700">
        Step {index + 1} of {TOTAL_STEPS}
      </p>
      <div
        className="mt-2 h-2 overflow-hidden rounded-full bg-slate-200"
        role="progressbar"
        aria-label="Questionnaire progress"
        aria-valuemin={1}
        aria-valuemax={TOTAL_STEPS}
        aria-valuenow={index + 1}
      >
        <div
          className="h-full bg-brand-700"
          style={{ width: `${((index + 1) / TOTAL_STEPS) * 100}%` }}
        />
      </div>
      <h2
        ref={headingRef}
        tabIndex={-1}
        className="mt-6 text-xl font-semibold text-slate-900 outline-none"
      >
        {title}
      </h2>
      {children}
    </>
  );
}

export function QuestionnairePage() {
  const [index, setIndex] = useState(0);
  const [answers, setAnswers] = useState<Answers>({ products: [], painPoints: [] });
  const hydrated = useHydrated();
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string>();
  const [result, setResult] = useState<{ email: string; recommendation: PlanRecommendation }>();
  const emailId = useId();

  if (result) return <Recommendation {...result} />;

  const step = STEPS[index];
  const back = index > 0 && (
    <button
      type="button"
      onClick={() => setIndex(index - 1)}
      className={buttonVariants({ variant: 'secondary' })}
    >
      <ArrowLeft aria-hidden="true" className="size-4" /> Back
    </button>
  );

  function next(event: FormEvent) {
    event.preventDefault();
    setIndex(index + 1);
  }

  function finish(event: FormEvent) {
    event.preventDefault();
    const normalized = normalizeEmail(email);
    if (!EMAIL_PATTERN.test(normalized)) {
      setEmailError(SIGNUP_MESSAGES.invalid_email);
      return;
    }
    const recommendation = recommendPlan(answers.painPoints);
    storePendingQuestionnaire(normalized, {
      ...answers,
      recommendedPlan: recommendation.plan,
      completedAt: new Date().toISOString(),
    });
    setResult({ email: normalized, recommendation });
  }

  return (
    <>
      <PageIntro
        eyebrow="Plan questionnaire"
        title="Find the plan that fits your compliance program"
      >
        <p>
          Seven quick questions, then the work email you will sign up with. Your answers also set up
          your account when you start the trial.
        </p>
      </PageIntro>
      <div className="mx-auto max-w-2xl px-4 py-12 sm:px-6">
        {step ? (
          <StepFrame index={index} title={step.question}>
            <form onSubmit={next} className="mt-4">
              {/* Disabled until hydrated: an answer picked earlier would not reach React's state. */}
              <fieldset disabled={!hydrated}>
                <legend className="sr-only">{step.question}</legend>
                <div className="space-y-2">
                  {Object.entries(step.options).map(([value, label]) => {
                    const id = `${step.key}-${value}`;
                    const checked =
                      step.kind === 'one'
                        ? answers[step.key] === value
                        : (answers[step.key] as string[]).includes(value);
                    return (
                      <label
                        key={value}
                        htmlFor={id}
                        className="flex cursor-pointer items-center gap-3 rounded-md border border-slate-300 px-4 py-3 hover:border-brand-600 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50"
                      >
                        <input
                          id={id}
                          type={step.kind === 'one' ? 'radio' : 'checkbox'}
                          name={step.key}
                          value={value}
                          checked={checked}
                          onChange={(event) =>
                            setAnswers((current) => {
                              if (step.kind === 'one') return { ...current, [step.key]: value };
                              const list = current[step.key] as string[];
                              return {
                                ...current,
                                [step.key]: event.target.checked
                                  ? [...list, value]
                                  : list.filter((item) => item !== value),
                              };
                            })
                          }
                          className="size-4 accent-brand-700"
                        />
                        <span className="text-slate-900">{label}</span>
                      </label>
                    );
                  })}
                </div>
              </fieldset>
              <div className="mt-6 flex justify-between gap-3">
                {back || <span />}
                <button
                  type="submit"
                  disabled={!hydrated || (step.kind === 'one' && !answers[step.key])}
                  className={buttonVariants()}
                >
                  Next <ArrowRight aria-hidden="true" className="size-4" />
                </button>
              </div>
            </form>
          </StepFrame>
        ) : (
          <StepFrame index={index} title="Which work email will you sign up with?">
            <form onSubmit={finish} noValidate className="mt-4">
              <label htmlFor={emailId} className="block text-sm font-medium text-slate-900">
                Work email
              </label>
              <input
                id={emailId}
                type="email"
                autoComplete="email"
                value={email}
                onChange={(event) => setEmail(event.target.value)}
                aria-invalid={Boolean(emailError)}
                aria-describedby={`${emailId}-hint${emailError ? ` ${emailId}-error` : ''}`}
                className="mt-1 block h-10 w-full rounded-md border border-slate-300 px-3 text-sm aria-[invalid=true]:border-red-700"
              />
              <p id={`${emailId}-hint`} className="mt-1 text-xs text-slate-600">
                Your answers stay in this browser until you create your account with this email;
                nothing is sent to us before that.
              </p>
              {emailError && (
                <p id={`${emailId}-error`} role="alert" className="mt-1 text-sm text-red-700">
                  {emailError}
                </p>
              )}
              <div className="mt-6 flex justify-between gap-3">
                {back}
                <button type="submit" disabled={!hydrated} className={buttonVariants()}>
                  See my recommendation
                </button>
              </div>
            </form>
          </StepFrame>
        )}
      </div>
    </>
  );
}

function Recommendation({
  email,
  recommendation,
}: {
  email: string;
  recommendation: PlanRecommendation;
}) {
  const plan = PLAN_CATALOGUE[recommendation.plan];
  const signup = `${paths.signup}?join=true&plan=${recommendation.plan}&billing=monthly&email=${encodeURIComponent(email)}`;
  return (
    <>
      <PageIntro eyebrow="Your recommendation" title={`We recommend the ${plan.label} plan`}>
        <p>
          ${plan.price.monthly}/month or ${plan.price.annual.toLocaleString('en-US')}/year. Your
          answers are saved for {email} and will be attached to your account when you sign up.
        </p>
      </PageIntro>
      <div className="mx-auto max-w-2xl px-4 py-12 sm:px-6" role="status">
        {recommendation.reasons.length > 0 ? (
          <>
            <h2 className="text-lg font-semibold text-slate-900">Why this plan</h2>
            <ul className="mt-3 space-y-2">
              {recommendation.reasons.map((reason) => (
                <li
                  key={reason.painPoint}
                  className="rounded-md border border-slate-200 px-4 py-3 text-slate-800"
                >
                  {PAIN_POINTS[reason.painPoint].label}: <strong>{reason.feature}</strong>, included
                  from the {reason.plan} plan.
                </li>
              ))}
            </ul>
          </>
        ) : (
          <p className="text-slate-800">
            Basic covers regulatory monitoring, the compliance library and the regulatory calendar —
            a good start for any compliance team.
          </p>
        )}
        <div className="mt-8 flex flex-wrap gap-3">
          <a href={signup} className={buttonVariants({ size: 'lg' })}>
            {recommendation.plan === 'basic' ? 'Start Free Trial' : `Continue with ${plan.label}`}
          </a>
          <a
            href={`${paths.pricing}#choose-your-plan`}
            className={buttonVariants({ size: 'lg', variant: 'secondary' })}
          >
            Compare all plans
          </a>
        </div>
      </div>
    </>
  );
}
