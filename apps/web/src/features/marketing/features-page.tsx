import { Check } from 'lucide-react';
import { StaticContent } from '@/components/static-content';
import { PageIntro } from '@/components/layouts/page-intro';
import { buttonVariants } from '@/components/ui/button-variants';
import { FREE_TRIAL_PATH, paths } from '@/config/paths';
import { PLAN_CATALOGUE } from '@complivue/shared/plans';
import { CAPABILITIES } from './capabilities.ts';

export function FeaturesPage() {
  return (
    <StaticContent>
      <>
        <PageIntro eyebrow="Features" title="Everything a mortgage compliance program runs on">
          <p>
            From the day a rule is proposed to the day an examiner asks for proof, each part of
            Complivue covers one step — and each names the regulation it serves.
          </p>
        </PageIntro>
        <nav aria-label="Features on this page" className="mx-auto max-w-6xl px-4 pt-10 sm:px-6">
          <ul className="flex flex-wrap gap-2 text-sm">
            {CAPABILITIES.map((capability) => (
              <li key={capability.id}>
                <a
                  href={`#${capability.id}`}
                  className="inline-block rounded-full border border-slate-300 px-3 py-1 text-slate-800 hover:border-brand-600 hover:text-brand-700"
                >
                  {capability.title}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="mx-auto max-w-6xl space-y-6 px-4 py-10 sm:px-6">
          {CAPABILITIES.map(({ id, title, summary, details, regulations, plan, Icon }) => (
            <section
              key={id}
              id={id}
              aria-labelledby={`${id}-heading`}
              className="scroll-mt-6 rounded-lg border border-slate-200 bg-white p-6 shadow-sm md:grid md:grid-cols-[1fr_16rem] md:gap-8"
            >
              <div>
                <div className="flex items-center gap-3">
                  <Icon aria-hidden="true" className="size-6 text-brand-700" />
                  <h2 id={`${id}-heading`} className="text-xl font-semibold text-slate-900">
                    {title}
                  </h2>
                </div>
                <p className="mt-3 text-slate-700">{summary}</p>
                <ul className="mt-4 space-y-2">
                  {details.map((detail) => (
                    <li key={detail} className="flex gap-2 text-sm text-slate-800">
                      <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-700" />
                      {detail}
                    </li>
                  ))}
                </ul>
              </div>
              <dl className="mt-6 space-y-3 text-sm md:mt-0">
                <div>
                  <dt className="font-medium text-slate-900">Used for</dt>
                  <dd className="text-slate-700">{regulations}</dd>
                </div>
                <div>
                  <dt className="font-medium text-slate-900">Included from</dt>
                  <dd className="text-slate-700">{PLAN_CATALOGUE[plan].label} plan</dd>
                </div>
              </dl>
            </section>
          ))}
        </div>
        <section className="mx-auto max-w-6xl px-4 pb-16 sm:px-6">
          <div className="flex flex-wrap gap-4">
            <a href={FREE_TRIAL_PATH} className={buttonVariants({ size: 'lg' })}>
              Start Free Trial
            </a>
            <a
              href={`${paths.pricing}#choose-your-plan`}
              className={buttonVariants({ size: 'lg', variant: 'secondary' })}
            >
              Compare plans
            </a>
          </div>
        </section>
      </>
    </StaticContent>
  );
}
