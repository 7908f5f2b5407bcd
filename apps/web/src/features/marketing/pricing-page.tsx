import { useState } from 'react';
import { PageIntro } from '@/components/layouts/page-intro';
import { StaticContent } from '@/components/static-content';
import { buttonVariants } from '@/components/ui/button-variants';
import { paths } from '@/config/paths';
import {
  FEATURE_LABELS,
  FEATURE_NAMES,
  PLAN_FEATURES,
  trialIncludesSentence,
} from '@complivue/shared/features';
import {
  PAID_PLAN_NAMES,
  PLAN_CATALOGUE,
  PLAN_SEAT_LIMITS,
  TRIAL_DAYS,
  annualSavingsPercent,
  type BillingInterval,
  type PaidPlanName,
} from '@complivue/shared/plans';

const PLAN_PITCH: Record<PaidPlanName, string> = {
  basic: 'For a small compliance team that needs to follow regulatory change and keep its library.',
  professional:
    'For teams that manage rule changes end to end: impact, policies, risk and reporting.',
  enterprise: 'For larger institutions that automate their program and need integrations and SLAs.',
};

const FAQ: { question: string; answer: string }[] = [
  {
    question: 'How does the free trial work?',
    answer: `Start free with no credit card. ${trialIncludesSentence(TRIAL_DAYS)} When the trial ends you choose a plan to keep working; nothing is charged automatically.`,
  },
  {
    question: 'Can we switch between monthly and annual billing?',
    answer:
      'Yes. An administrator manages the plan from the Subscription page in the app; if you need help with a change, contact us.',
  },
  {
    question: 'Who can buy or change the plan?',
    answer:
      'The administrators of your institution. A subscription belongs to the institution and is shared by all of its members.',
  },
  {
    question: 'Is the content legal advice?',
    answer:
      'No. The library, articles and answers are general information to help your team find and apply the rules; confirm requirements with the regulation text and your counsel.',
  },
  {
    question: 'Where are card details kept?',
    answer:
      'With our payment provider, Stripe. Card numbers never reach our servers, and we never see them.',
  },
];

function formatDollars(amount: number): string {
  return `$${amount.toLocaleString('en-US', { maximumFractionDigits: 0 })}`;
}

function signupPath(plan: PaidPlanName, billing: BillingInterval): string {
  return `${paths.signup}?join=true&plan=${plan}&billing=${billing}`;
}

export function PricingPage() {
  const [billing, setBilling] = useState<BillingInterval>('monthly');
  return (
    <>
      <StaticContent>
        <PageIntro eyebrow="Pricing" title="Plans for every size of compliance team">
          <p>
            Start with a {TRIAL_DAYS}-day free trial, no credit card required. Prices in US dollars.
          </p>
        </PageIntro>
      </StaticContent>

      <section
        id="choose-your-plan"
        aria-labelledby="choose-your-plan-heading"
        className="mx-auto max-w-6xl scroll-mt-6 px-4 py-12 sm:px-6"
      >
        <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
          <h2 id="choose-your-plan-heading" className="text-2xl font-bold text-slate-900">
            Choose your plan
          </h2>
          <div
            role="group"
            aria-label="Billing interval"
            className="inline-flex rounded-lg border border-slate-300 bg-slate-50 p-1"
          >
            {(['monthly', 'annual'] as const).map((interval) => (
              <button
                key={interval}
                type="button"
                aria-pressed={billing === interval}
                onClick={() => setBilling(interval)}
                className={`rounded-md px-4 py-2 text-sm font-semibold ${
                  billing === interval ? 'bg-brand-700 text-white' : 'text-slate-800 hover:bg-white'
                }`}
              >
                {interval === 'monthly' ? 'Monthly' : 'Annual'}
              </button>
            ))}
          </div>
        </div>
        <ul className="mt-8 grid gap-6 lg:grid-cols-3">
          {PAID_PLAN_NAMES.map((name) => {
            const plan = PLAN_CATALOGUE[name];
            const seats = PLAN_SEAT_LIMITS[name];
            return (
              <li
                key={name}
                aria-labelledby={`plan-${name}`}
                className={`flex flex-col rounded-lg border bg-white p-6 shadow-sm ${
                  name === 'professional'
                    ? 'border-brand-600 ring-1 ring-brand-600'
                    : 'border-slate-200'
                }`}
              >
                <h3 id={`plan-${name}`} className="text-lg font-semibold text-slate-900">
                  {plan.label}
                </h3>
                <p className="mt-2 min-h-12 text-sm text-slate-700">{PLAN_PITCH[name]}</p>
                <p className="mt-6" data-testid={`price-${name}`}>
                  <span className="text-4xl font-bold text-slate-900">
                    {formatDollars(plan.price[billing])}
                  </span>
                  <span className="text-slate-700">
                    {billing === 'monthly' ? ' /month' : ' /year'}
                  </span>
                </p>
                <p className="mt-1 min-h-5 text-sm text-slate-600">
                  {billing === 'annual'
                    ? `${formatDollars(plan.price.annual / 12)}/month billed annually — save ${annualSavingsPercent(plan)}%`
                    : `or ${formatDollars(plan.price.annual)}/year billed annually`}
                </p>
                <p className="mt-4 text-sm text-slate-800">
                  {seats === null ? 'Unlimited team members' : `Up to ${seats} team members`}
                </p>
                <a
                  href={signupPath(name, billing)}
                  className={`${buttonVariants({
                    variant: name === 'professional' ? 'primary' : 'secondary',
                  })} mt-6`}
                >
                  {name === 'basic' ? 'Start Free Trial' : `Choose ${plan.label}`}
                </a>
                {name === 'basic' && (
                  <p className="mt-2 text-center text-xs text-slate-600">
                    {TRIAL_DAYS} days free, then {formatDollars(plan.price[billing])}
                    {billing === 'monthly' ? '/month' : '/year'}
                  </p>
                )}
              </li>
            );
          })}
        </ul>
        <p className="mt-6 text-sm text-slate-700">
          Not sure which plan fits?{' '}
          <a href={paths.questionnaire} className="font-medium text-brand-700 underline">
            Answer seven questions
          </a>{' '}
          or{' '}
          <a href={paths.contact} className="font-medium text-brand-700 underline">
            talk to us
          </a>
          .
        </p>
      </section>

      <StaticContent>
        <section aria-labelledby="compare-heading" className="render-when-visible bg-slate-50">
          <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
            <h2 id="compare-heading" className="text-2xl font-bold text-slate-900">
              Compare features
            </h2>
            {/* On a phone the plans stack, each with what it includes: a three-plan table
                would need a sideways scroll that hides the last plan. */}
            <div className="mt-6 space-y-4 sm:hidden">
              {PAID_PLAN_NAMES.map((name) => (
                <section
                  key={name}
                  aria-labelledby={`compare-${name}`}
                  className="rounded-lg border border-slate-200 bg-white p-4"
                >
                  <h3 id={`compare-${name}`} className="font-semibold text-slate-900">
                    {PLAN_CATALOGUE[name].label}
                  </h3>
                  <ul className="mt-2 space-y-1 text-sm">
                    {FEATURE_NAMES.map((feature) => {
                      const included = PLAN_FEATURES[name].includes(feature);
                      return (
                        <li
                          key={feature}
                          className={included ? 'text-slate-800' : 'text-slate-500 line-through'}
                        >
                          <span aria-hidden="true" className="mr-2 inline-block w-3">
                            {included ? '✓' : '—'}
                          </span>
                          {FEATURE_LABELS[feature]}
                          <span className="sr-only">
                            {included ? ': included' : ': not included'}
                          </span>
                        </li>
                      );
                    })}
                  </ul>
                </section>
              ))}
            </div>
            <div className="mt-6 hidden overflow-x-auto rounded-lg border border-slate-200 bg-white sm:block">
              <table className="w-full min-w-[32rem] text-left text-sm">
                <caption className="sr-only">Features included in each plan</caption>
                <thead className="bg-slate-50 text-slate-900">
                  <tr>
                    <th scope="col" className="px-4 py-3 font-semibold">
                      Feature
                    </th>
                    {PAID_PLAN_NAMES.map((name) => (
                      <th key={name} scope="col" className="px-4 py-3 text-center font-semibold">
                        {PLAN_CATALOGUE[name].label}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-200">
                  {FEATURE_NAMES.map((feature) => (
                    <tr key={feature}>
                      <th scope="row" className="px-4 py-2 font-normal text-slate-800">
                        {FEATURE_LABELS[feature]}
                      </th>
                      {PAID_PLAN_NAMES.map((name) => (
                        <td key={name} className="px-4 py-2 text-center">
                          {PLAN_FEATURES[name].includes(feature) ? (
                            <>
                              <span aria-hidden="true" className="font-semibold text-brand-700">
                                ✓
                              </span>
                              <span className="sr-only">Included</span>
                            </>
                          ) : (
                            <>
                              <span aria-hidden="true" className="text-slate-500">
                                —
                              </span>
                              <span className="sr-only">Not included</span>
                            </>
                          )}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </div>
        </section>

        <section
          aria-labelledby="faq-heading"
          className="render-when-visible mx-auto max-w-3xl px-4 py-12 sm:px-6"
        >
          <h2 id="faq-heading" className="text-2xl font-bold text-slate-900">
            Frequently asked questions
          </h2>
          <div className="mt-6 divide-y divide-slate-200 rounded-lg border border-slate-200">
            {FAQ.map((item) => (
              <details key={item.question} className="group px-5 py-4">
                <summary className="cursor-pointer font-medium text-slate-900">
                  {item.question}
                </summary>
                <p className="mt-3 text-slate-700">{item.answer}</p>
              </details>
            ))}
          </div>
        </section>
      </StaticContent>
    </>
  );
}
