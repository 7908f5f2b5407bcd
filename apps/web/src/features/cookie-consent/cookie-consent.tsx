import { useEffect, useId, useRef, useState } from 'react';
import { buttonVariants } from '@/components/ui/button-variants';
import {
  ACCEPT_ALL,
  CONSENT_CHANGED_EVENT,
  REJECT_ALL,
  buildConsent,
  findCurrentConsent,
  onOpenCookiePreferences,
  readStoredConsent,
  storeConsent,
  uploadConsent,
  type ConsentChoice,
} from '@/lib/cookie-consent';
import { loadConsentedScripts } from './consent-scripts.ts';

const OPTIONAL_CATEGORIES: { key: keyof ConsentChoice; label: string; description: string }[] = [
  {
    key: 'analytics',
    label: 'Analytics',
    description:
      'Lets us load a web-analytics script that counts visits and page views so we can improve the site.',
  },
  {
    key: 'marketing',
    label: 'Marketing',
    description:
      'Lets us load an advertising pixel that measures whether our advertising reaches compliance teams.',
  },
  {
    key: 'personalization',
    label: 'Personalization',
    description: 'Records that we may remember your preferences to tailor the site to you.',
  },
];

/**
 * The cookie banner and preferences dialog of docs/product.md § Cookie consent. The banner shows
 * while no current choice is stored (none, older than 365 days, or another version); the footer's
 * Cookie Settings reopens the dialog. Rendered only after mount: the prerendered HTML never
 * contains it, so hydration matches and the fixed banner shifts no layout.
 */
export function CookieConsent() {
  const [bannerVisible, setBannerVisible] = useState(false);
  const [choice, setChoice] = useState<ConsentChoice>(REJECT_ALL);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const sync = () => {
      const current = findCurrentConsent();
      setBannerVisible(!current);
      if (current) void loadConsentedScripts(current);
    };
    sync();
    window.addEventListener(CONSENT_CHANGED_EVENT, sync);
    const stopListening = onOpenCookiePreferences(() => {
      const stored = readStoredConsent();
      setChoice(stored ?? REJECT_ALL);
      dialogRef.current?.showModal();
    });
    return () => {
      window.removeEventListener(CONSENT_CHANGED_EVENT, sync);
      stopListening();
    };
  }, []);

  function save(selected: ConsentChoice) {
    const consent = buildConsent(selected);
    storeConsent(consent);
    setBannerVisible(false);
    dialogRef.current?.close();
    void uploadConsent(consent);
    void loadConsentedScripts(consent);
  }

  function openPreferences() {
    setChoice(readStoredConsent() ?? REJECT_ALL);
    dialogRef.current?.showModal();
  }

  const secondary = buttonVariants({ variant: 'secondary', size: 'sm' });
  return (
    <>
      {bannerVisible && (
        <section
          aria-label="Cookie consent"
          className="fixed inset-x-0 bottom-0 z-40 border-t border-slate-200 bg-white shadow-[0_-4px_16px_rgba(15,23,42,0.08)]"
        >
          <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-4 sm:px-6 md:flex-row md:items-center md:justify-between">
            <p className="text-sm text-slate-700">
              Necessary cookies keep you signed in and secure; others only with your consent.{' '}
              <a href="/cookies" className="font-medium text-brand-700 underline">
                Cookie Policy
              </a>
            </p>
            <div className="flex shrink-0 flex-wrap gap-2">
              <button type="button" className={secondary} onClick={openPreferences}>
                Customize
              </button>
              <button type="button" className={secondary} onClick={() => save(REJECT_ALL)}>
                Reject All
              </button>
              <button
                type="button"
                className={buttonVariants({ size: 'sm' })}
                onClick={() => save(ACCEPT_ALL)}
              >
                Accept All
              </button>
            </div>
          </div>
        </section>
      )}
      <dialog
        ref={dialogRef}
        aria-labelledby={titleId}
        className="m-auto w-[min(36rem,calc(100%-2rem))] rounded-lg border border-slate-200 p-0 shadow-xl backdrop:bg-slate-900/50"
      >
        <form
          method="dialog"
          className="p-6"
          onSubmit={(event) => {
            event.preventDefault();
            save(choice);
          }}
        >
          <h2 id={titleId} className="text-lg font-semibold text-slate-900">
            Cookie preferences
          </h2>
          <p className="mt-2 text-sm text-slate-700">
            Choose which optional cookies and scripts we may use. A change applies from the next
            page you open.
          </p>
          <ul className="mt-4 space-y-4">
            <li className="flex gap-3">
              <input
                id={`${titleId}-necessary`}
                type="checkbox"
                checked
                disabled
                readOnly
                className="mt-1 size-4"
              />
              <label htmlFor={`${titleId}-necessary`} className="text-sm">
                <span className="font-medium text-slate-900">Necessary (always on)</span>
                <span className="block text-slate-700">
                  Sign-in session, security and remembering this choice. The site cannot work
                  without them.
                </span>
              </label>
            </li>
            {OPTIONAL_CATEGORIES.map((category) => (
              <li key={category.key} className="flex gap-3">
                <input
                  id={`${titleId}-${category.key}`}
                  type="checkbox"
                  checked={choice[category.key]}
                  onChange={(event) =>
                    setChoice((current) => ({ ...current, [category.key]: event.target.checked }))
                  }
                  className="mt-1 size-4 accent-brand-700"
                />
                <label htmlFor={`${titleId}-${category.key}`} className="text-sm">
                  <span className="font-medium text-slate-900">{category.label}</span>
                  <span className="block text-slate-700">{category.description}</span>
                </label>
              </li>
            ))}
          </ul>
          <div className="mt-6 flex flex-wrap justify-end gap-2">
            <button type="button" className={secondary} onClick={() => save(REJECT_ALL)}>
              Reject All
            </button>
            <button type="button" className={secondary} onClick={() => save(ACCEPT_ALL)}>
              Accept All
            </button>
            <button type="submit" className={buttonVariants({ size: 'sm' })}>
              Save Preferences
            </button>
          </div>
        </form>
      </dialog>
    </>
  );
}
