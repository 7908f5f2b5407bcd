import { PageIntro } from '@/components/layouts/page-intro';
import { StaticContent } from '@/components/static-content';
import { COOKIE_CONSENT_STORAGE_KEY, openCookiePreferences } from '@/lib/cookie-consent';
import { COOKIE_CONSENT_VALIDITY_DAYS } from '@complivue/shared/cookie-consent';

interface StorageEntry {
  name: string;
  kind: 'Cookie' | 'Local storage';
  purpose: string;
  lifetime: string;
}

/**
 * What this app really stores in the browser, by name. Keep it true: a new cookie or storage
 * key is added here in the same change.
 */
const NECESSARY: StorageEntry[] = [
  {
    name: 'complivue.session_token',
    kind: 'Cookie',
    purpose:
      'Keeps you signed in. HttpOnly (scripts cannot read it) and SameSite=Lax; on HTTPS it is named __Secure-complivue.session_token and sent only over HTTPS.',
    lifetime: 'Until you sign out or the session expires',
  },
  {
    name: 'complivue.two_factor',
    kind: 'Cookie',
    purpose:
      'Remembers, for a few minutes, that your password was accepted while you enter your authenticator code.',
    lifetime: 'Minutes; removed after the code is checked',
  },
  {
    name: COOKIE_CONSENT_STORAGE_KEY,
    kind: 'Local storage',
    purpose:
      'Your cookie choice: necessary, analytics, marketing and personalization, with the date and the policy version (1.0). Signed-in members also have it kept on their account.',
    lifetime: `${COOKIE_CONSENT_VALIDITY_DAYS} days, then we ask again`,
  },
  {
    name: 'complivue.sidebar-collapsed',
    kind: 'Local storage',
    purpose: 'Remembers whether you collapsed the app’s sidebar.',
    lifetime: 'Until you sign out',
  },
  {
    name: 'onboarding_completed_{userId}',
    kind: 'Local storage',
    purpose: 'Remembers that you finished or dismissed the welcome steps, so they do not reappear.',
    lifetime: 'Until you sign out (it is also kept on your account)',
  },
  {
    name: 'questionnaire_data_temp_{email}',
    kind: 'Local storage',
    purpose:
      'Your answers to the plan questionnaire, kept under the email you gave until you create your account.',
    lifetime: 'Until you sign up (then moved to the next entry)',
  },
  {
    name: 'questionnaire_data_{userId}',
    kind: 'Local storage',
    purpose: 'Your questionnaire answers after sign-up, to tailor the first steps in the app.',
    lifetime: 'Until you sign out',
  },
];

const OPTIONAL: { category: string; what: string }[] = [
  {
    category: 'Analytics',
    what: 'A web-analytics script that counts visits and page views. It is loaded only after you accept analytics cookies, and only if our operator has configured one; the cookies it sets are described by its provider.',
  },
  {
    category: 'Marketing',
    what: 'An advertising pixel that measures whether our advertising reaches compliance teams. Loaded only after you accept marketing cookies, and only if configured.',
  },
  {
    category: 'Personalization',
    what: 'We record your choice; nothing in the product depends on it yet, and no cookie is set for it.',
  },
];

function StorageTable({ entries, caption }: { entries: StorageEntry[]; caption: string }) {
  return (
    <div className="mt-4 overflow-x-auto rounded-lg border border-slate-200">
      <table className="w-full min-w-[40rem] text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50">
          <tr>
            <th scope="col" className="px-4 py-3 font-semibold">
              Name
            </th>
            <th scope="col" className="px-4 py-3 font-semibold">
              Type
            </th>
            <th scope="col" className="px-4 py-3 font-semibold">
              Purpose
            </th>
            <th scope="col" className="px-4 py-3 font-semibold">
              How long
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {entries.map((entry) => (
            <tr key={entry.name}>
              <th scope="row" className="px-4 py-3 align-top font-mono text-xs font-normal">
                {entry.name}
              </th>
              <td className="px-4 py-3 align-top">{entry.kind}</td>
              <td className="px-4 py-3 align-top">{entry.purpose}</td>
              <td className="px-4 py-3 align-top">{entry.lifetime}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function CookiesPage() {
  return (
    <>
      <PageIntro title="Cookie Policy">
        <p>
          Every cookie and browser storage entry Complivue uses, what it is for and how long it
          stays. Necessary ones are always on; everything else waits for your choice.
        </p>
      </PageIntro>
      <div className="mx-auto max-w-4xl px-4 py-12 sm:px-6">
        <StaticContent>
          <section aria-labelledby="necessary-heading">
            <h2 id="necessary-heading" className="text-2xl font-bold text-slate-900">
              Necessary
            </h2>
            <p className="mt-2 text-slate-700">
              These make sign-in, security and your choices work. They are set by Complivue itself
              and are never used for advertising.
            </p>
            <StorageTable entries={NECESSARY} caption="Necessary cookies and storage" />
          </section>
          <section aria-labelledby="optional-heading" className="mt-12">
            <h2 id="optional-heading" className="text-2xl font-bold text-slate-900">
              Optional, with your consent
            </h2>
            <dl className="mt-4 space-y-4">
              {OPTIONAL.map((item) => (
                <div key={item.category}>
                  <dt className="font-semibold text-slate-900">{item.category}</dt>
                  <dd className="text-slate-700">{item.what}</dd>
                </div>
              ))}
            </dl>
          </section>
        </StaticContent>
        <section aria-labelledby="choice-heading" className="mt-12">
          <h2 id="choice-heading" className="text-2xl font-bold text-slate-900">
            Changing your choice
          </h2>
          <p className="mt-2 text-slate-700">
            Open the preferences at any time with the Cookie Settings button at the foot of every
            page, or here. A withdrawn consent applies from the next page you open. Your choice is
            valid for {COOKIE_CONSENT_VALIDITY_DAYS} days; after that, or when this policy changes
            version, we ask again.
          </p>
          <button
            type="button"
            onClick={openCookiePreferences}
            className="mt-4 rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-900 hover:bg-slate-50"
          >
            Open cookie preferences
          </button>
        </section>
      </div>
    </>
  );
}
