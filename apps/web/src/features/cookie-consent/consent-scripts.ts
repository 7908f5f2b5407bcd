import type { CookieConsent } from '@complivue/shared/cookie-consent';
import type { SiteConfig } from '@complivue/shared/schemas/cookie-consent';
import { logInfo, logWarning } from '@/lib/log';

let loaded = false;

function isSiteConfig(value: unknown): value is SiteConfig {
  if (!value || typeof value !== 'object') return false;
  const record = value as Record<string, unknown>;
  const urlOrNull = (field: unknown) => field === null || typeof field === 'string';
  return urlOrNull(record.analyticsScriptUrl) && urlOrNull(record.marketingPixelUrl);
}

function addScript(src: string, purpose: 'analytics' | 'marketing') {
  const script = document.createElement('script');
  script.src = src;
  script.async = true;
  script.dataset.consent = purpose;
  document.head.append(script);
}

/**
 * Loads the third-party scripts the visitor agreed to (docs/product.md § Cookie consent): the
 * analytics script for analytics consent, the advertising pixel for marketing consent, each only
 * when the operator configured one. Nothing is removed from a page already running: a withdrawn
 * consent takes effect on the next page load, when these scripts are simply not added.
 */
export async function loadConsentedScripts(consent: CookieConsent): Promise<void> {
  if (consent.personalization) logInfo('Personalization consent recorded');
  if (loaded || (!consent.analytics && !consent.marketing)) return;
  loaded = true;
  try {
    const response = await fetch('/api/site-config', { credentials: 'same-origin' });
    const config: unknown = response.ok ? await response.json() : null;
    if (!isSiteConfig(config)) return;
    if (consent.analytics && config.analyticsScriptUrl)
      addScript(config.analyticsScriptUrl, 'analytics');
    if (consent.marketing && config.marketingPixelUrl)
      addScript(config.marketingPixelUrl, 'marketing');
  } catch (error) {
    loaded = false;
    logWarning('Could not load the consented scripts', error);
  }
}
