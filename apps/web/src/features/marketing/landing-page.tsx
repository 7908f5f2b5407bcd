import {
  BellRing,
  BookOpenCheck,
  CalendarClock,
  ClipboardCheck,
  GitCompareArrows,
  Radar,
  ShieldCheck,
  Users,
} from 'lucide-react';
import type { ComponentType, SVGProps } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { FREE_TRIAL_PATH, paths } from '@/config/paths';

interface Capability {
  title: string;
  text: string;
  Icon: ComponentType<SVGProps<SVGSVGElement>>;
}

const CAPABILITIES: Capability[] = [
  {
    title: 'Regulatory monitoring',
    text: 'Follow CFPB, prudential-regulator and FinCEN changes as they are published, filtered to the areas your institution is examined on.',
    Icon: Radar,
  },
  {
    title: 'Compliance library',
    text: 'Keep plain-language summaries of TRID, ATR/QM, HMDA, fair lending, CRA, BSA/AML, TILA and RESPA requirements, each tied to its CFR citation.',
    Icon: BookOpenCheck,
  },
  {
    title: 'Smart notifications',
    text: 'Hear about the changes and deadlines that affect you, not every bulletin in the Federal Register.',
    Icon: BellRing,
  },
  {
    title: 'Regulatory calendar',
    text: 'Track effective dates, filing windows and internal review cycles in one calendar your whole team shares.',
    Icon: CalendarClock,
  },
  {
    title: 'Change management',
    text: 'Turn a rule change into assigned impact assessments, policy updates and evidence of completion.',
    Icon: ClipboardCheck,
  },
  {
    title: 'Policy cross-referencing',
    text: 'See which of your policies and procedures cite a section when that section changes.',
    Icon: GitCompareArrows,
  },
  {
    title: 'Risk scoring',
    text: 'Rate inherent and residual risk by regulation area so that testing effort goes where exposure is.',
    Icon: ShieldCheck,
  },
  {
    title: 'Team collaboration',
    text: 'Give loan officers, processors and the board committee the right view, with roles your administrator controls.',
    Icon: Users,
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

export function LandingPage() {
  return (
    <>
      <section className="bg-gradient-to-b from-brand-50 to-white">
        <div className="mx-auto max-w-6xl px-4 py-20 sm:px-6 lg:py-28">
          <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">
            For credit unions, community banks and mortgage companies
          </p>
          <h1 className="mt-4 max-w-3xl text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">
            Mortgage compliance your examiners can follow, from rule change to evidence
          </h1>
          <p className="mt-6 max-w-2xl text-lg text-slate-700">
            Complivue keeps your compliance team ahead of regulatory change: it tracks what changed,
            who must act, which policies are affected and what proof you have — across TRID, QM,
            HMDA, fair lending, CRA, BSA/AML, TILA and RESPA.
          </p>
          <div className="mt-8 flex flex-wrap gap-4">
            <Button asChild size="lg">
              <Link to={FREE_TRIAL_PATH}>Start Free Trial</Link>
            </Button>
            <Button asChild size="lg" variant="secondary">
              <Link to={paths.login}>Sign In</Link>
            </Button>
          </div>
          <p className="mt-3 text-sm text-slate-700">14-day free trial. No credit card required.</p>
        </div>
      </section>

      <section
        aria-labelledby="capabilities-heading"
        className="mx-auto max-w-6xl px-4 py-16 sm:px-6"
      >
        <h2 id="capabilities-heading" className="text-2xl font-bold text-slate-900 sm:text-3xl">
          One place for the whole compliance program
        </h2>
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {CAPABILITIES.map(({ title, text, Icon }) => (
            <li key={title} className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
              <Icon aria-hidden="true" className="size-6 text-brand-700" />
              <h3 className="mt-4 font-semibold text-slate-900">{title}</h3>
              <p className="mt-2 text-sm text-slate-700">{text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="coverage-heading" className="bg-slate-50">
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
    </>
  );
}
