import { LIBRARY_ARTICLE_COUNT, LIBRARY_RULE_COUNT } from '@complivue/shared/library-claims';
import { Quote } from 'lucide-react';
import { StaticContent } from '@/components/static-content';
import { buttonVariants } from '@/components/ui/button-variants';
import { FREE_TRIAL_PATH, paths } from '@/config/paths';
import { CAPABILITIES } from './capabilities.ts';

/**
 * docs/product.md § Landing page: the landing page's claims. The library figures are the size of
 * the compliance library (its content test keeps them equal); the score and hours are explained
 * beside them so no one reads them as a promise.
 */
const CLAIMS: { value: string; label: string; note: string }[] = [
  {
    value: '98%',
    label: 'compliance score',
    note: 'An example of the program-wide score the dashboard computes from your rule assessments.',
  },
  {
    value: String(LIBRARY_RULE_COUNT),
    label: 'active rules',
    note: 'Requirements in the library, each with its CFR citation and the evidence examiners ask for.',
  },
  {
    value: String(LIBRARY_ARTICLE_COUNT),
    label: 'articles',
    note: 'Plain-language library articles across TRID, QM/ATR, HMDA, fair lending, CRA, BSA/AML, TILA and RESPA.',
  },
  {
    value: '15+',
    label: 'hours saved per week',
    note: 'Our estimate for a small team that today tracks regulatory change by hand; yours will vary.',
  },
];

const REGULATION_AREAS: { name: string; citation: string }[] = [
  {
    name: 'TILA-RESPA Integrated Disclosures (TRID)',
    citation: '12 CFR 1026.19(e)–(f), 1026.37, 1026.38',
  },
  { name: 'Ability-to-Repay and Qualified Mortgage', citation: '12 CFR 1026.43' },
  { name: 'Home Mortgage Disclosure Act (Regulation C)', citation: '12 CFR part 1003' },
  { name: 'Equal Credit Opportunity Act (Regulation B)', citation: '12 CFR part 1002' },
  { name: 'Truth in Lending Act (Regulation Z)', citation: '12 CFR part 1026' },
  { name: 'Real Estate Settlement Procedures Act (Regulation X)', citation: '12 CFR part 1024' },
  { name: 'Community Reinvestment Act', citation: '12 CFR parts 25, 228 and 345' },
  { name: 'Bank Secrecy Act / Anti-Money Laundering', citation: '31 CFR chapter X' },
];

/** Role-based, illustrative quotes: the situations the product is built for, not endorsements. */
const VOICES: { quote: string; role: string }[] = [
  {
    quote:
      'When the examiners ask how we knew about a rule change and what we did about it, I want to open one record that shows the notice, the impact assessment, the policy update and the training — not search three inboxes.',
    role: 'Compliance officer, community bank',
  },
  {
    quote:
      'Our HMDA coordinator, our BSA officer and I are the whole compliance department. We need the March 1 filing, the CTR and SAR deadlines and the next Regulation Z amendment on one calendar.',
    role: 'Chief risk officer, credit union',
  },
  {
    quote:
      'A tolerance cure on a Closing Disclosure has a clock. I want the rule, the citation and the checklist in front of my closers the day a question comes up.',
    role: 'Director of compliance, mortgage company',
  },
];

export function LandingPage() {
  return (
    <StaticContent>
      <>
        <section className="bg-gradient-to-b from-brand-50 to-white">
          <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 lg:py-24">
            <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">
              For credit unions, community banks and mortgage companies
            </p>
            <h1 className="mt-4 max-w-3xl text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">
              Mortgage compliance your examiners can follow, from rule change to evidence
            </h1>
            <p className="mt-6 max-w-2xl text-lg text-slate-700">
              Complivue keeps your compliance team ahead of regulatory change: it tracks what
              changed, who must act, which policies are affected and what proof you have — across
              TRID, QM, HMDA, fair lending, CRA, BSA/AML, TILA and RESPA.
            </p>
            <div className="mt-8 flex flex-wrap gap-4">
              <a href={FREE_TRIAL_PATH} className={buttonVariants({ size: 'lg' })}>
                Start Free Trial
              </a>
              <a
                href={paths.questionnaire}
                className={buttonVariants({ size: 'lg', variant: 'secondary' })}
              >
                Find the right plan
              </a>
            </div>
            <p className="mt-3 text-sm text-slate-700">
              14-day free trial. No credit card required.
            </p>
          </div>
        </section>

        <section aria-labelledby="claims-heading" className="border-y border-slate-200 bg-white">
          <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
            <h2 id="claims-heading" className="sr-only">
              Complivue in figures
            </h2>
            <dl className="grid gap-8 sm:grid-cols-2 lg:grid-cols-4">
              {CLAIMS.map((claim) => (
                <div key={claim.label} className="flex flex-col">
                  <dt className="text-sm font-medium text-slate-700">{claim.label}</dt>
                  <dd className="order-first text-4xl font-bold text-brand-800">{claim.value}</dd>
                  <dd className="mt-2 text-sm text-slate-600">{claim.note}</dd>
                </div>
              ))}
            </dl>
          </div>
        </section>

        <section
          aria-labelledby="capabilities-heading"
          className="mx-auto max-w-6xl px-4 py-16 sm:px-6"
        >
          <h2 id="capabilities-heading" className="text-2xl font-bold text-slate-900 sm:text-3xl">
            One place for the whole compliance program
          </h2>
          <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {CAPABILITIES.map(({ id, title, summary, Icon }) => (
              <li key={id} className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
                <Icon aria-hidden="true" className="size-6 text-brand-700" />
                <h3 className="mt-4 font-semibold text-slate-900">{title}</h3>
                <p className="mt-2 text-sm text-slate-700">{summary}</p>
              </li>
            ))}
          </ul>
          <p className="mt-8">
            <a
              href={paths.features}
              className="font-semibold text-brand-700 underline underline-offset-2"
            >
              See every feature in detail
            </a>
          </p>
        </section>

        <section aria-labelledby="coverage-heading" className="render-when-visible bg-slate-50">
          <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
            <h2 id="coverage-heading" className="text-2xl font-bold text-slate-900 sm:text-3xl">
              The rules your mortgage program is examined on
            </h2>
            <p className="mt-4 max-w-2xl text-slate-700">
              Every requirement in Complivue points to the regulation text it comes from, so that a
              reviewer can check it in the Code of Federal Regulations.
            </p>
            <dl className="mt-8 grid gap-4 sm:grid-cols-2">
              {REGULATION_AREAS.map((area) => (
                <div
                  key={area.name}
                  className="rounded-md border border-slate-200 bg-white px-5 py-4"
                >
                  <dt className="font-medium text-slate-900">{area.name}</dt>
                  <dd className="mt-1 font-mono text-sm text-slate-700">{area.citation}</dd>
                </div>
              ))}
            </dl>
          </div>
        </section>

        <section
          aria-labelledby="voices-heading"
          className="render-when-visible mx-auto max-w-6xl px-4 py-16 sm:px-6"
        >
          <h2 id="voices-heading" className="text-2xl font-bold text-slate-900 sm:text-3xl">
            Built for the people who answer to examiners
          </h2>
          <p className="mt-2 text-sm text-slate-600">
            Illustrative quotes that describe the roles we build for; they are not customer
            testimonials.
          </p>
          <ul className="mt-8 grid gap-6 lg:grid-cols-3">
            {VOICES.map((voice) => (
              <li key={voice.role}>
                <figure className="h-full rounded-lg border border-slate-200 bg-white p-6">
                  <Quote aria-hidden="true" className="size-5 text-brand-600" />
                  <blockquote className="mt-3 text-slate-800">{voice.quote}</blockquote>
                  <figcaption className="mt-4 text-sm font-medium text-slate-700">
                    — {voice.role}
                  </figcaption>
                </figure>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="cta-heading" className="bg-brand-800">
          <div className="mx-auto flex max-w-6xl flex-col items-start gap-6 px-4 py-14 sm:px-6 md:flex-row md:items-center md:justify-between">
            <div>
              <h2 id="cta-heading" className="text-2xl font-bold text-white sm:text-3xl">
                Try it with your own team for 14 days
              </h2>
              <p className="mt-2 text-brand-100">
                No credit card required. Choose a plan when the trial ends.
              </p>
            </div>
            <a
              href={FREE_TRIAL_PATH}
              className={buttonVariants({ size: 'lg', variant: 'secondary' })}
            >
              Start Free Trial
            </a>
          </div>
        </section>
      </>
    </StaticContent>
  );
}
