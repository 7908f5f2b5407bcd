import {
  AGENCIES,
  AGENCY_LABELS,
  FEED_FORMAT_LABELS,
  FEED_FORMATS,
  FEED_POLL_INTERVAL_DEFAULT,
  FEED_POLL_INTERVAL_MAX,
  FEED_POLL_INTERVAL_MIN,
} from '@complivue/shared/regulatory-monitoring';
import type { FeedSource, FeedSourceForm } from '@complivue/shared/schemas/feed-sources';
import { useFormContext } from 'react-hook-form';
import { SelectField, TextField } from '@/components/form/form-fields';

export type { FeedSourceForm };

export const EMPTY_FEED_SOURCE_FORM: FeedSourceForm = {
  name: '',
  url: '',
  format: 'rss',
  agency: '',
  pollIntervalMinutes: String(FEED_POLL_INTERVAL_DEFAULT),
  enabled: true,
};

/** A source's fields as the form shows them (the interval as text, no agency as empty). */
export const feedSourceFormOf = (source: FeedSource): FeedSourceForm => ({
  name: source.name,
  url: source.url,
  format: source.format,
  agency: source.agency ?? '',
  pollIntervalMinutes: String(source.pollIntervalMinutes),
  enabled: source.enabled,
});

/** The wording of the fields: an institution's own source, or a shared one (platform console). */
const COPY = {
  institution: {
    url: 'Feed address',
    urlHint: 'The full https:// address of the RSS, Atom or Federal Register API feed.',
    agency: 'Agency (optional)',
    noAgency: 'None',
    interval: 'Check every (minutes)',
    intervalHint: `${FEED_POLL_INTERVAL_MIN} to ${FEED_POLL_INTERVAL_MAX} minutes.`,
    enabled: 'Poll this source',
  },
  shared: {
    url: 'Address (URL)',
    urlHint: "The feed itself, not the agency's web page.",
    agency: 'Agency',
    noAgency: 'Several or none',
    interval: 'Poll every (minutes)',
    intervalHint: `${FEED_POLL_INTERVAL_MIN} to ${FEED_POLL_INTERVAL_MAX} minutes; failures wait longer, up to a day.`,
    enabled: 'Polled (enabled)',
  },
} as const;

/**
 * The fields of a feed source form (`feedSourceFormSchema` inside a `Form`): name, address,
 * format, agency, interval and the switch, each with its error beside it.
 */
export function FeedSourceFormFields({ scope }: { scope: keyof typeof COPY }) {
  const copy = COPY[scope];
  const { register } = useFormContext<FeedSourceForm>();
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <TextField<FeedSourceForm> name="name" label="Name" required maxLength={120} />
      <TextField<FeedSourceForm>
        name="url"
        label={copy.url}
        hint={copy.urlHint}
        type="url"
        inputMode="url"
        required
        placeholder="https://"
      />
      <SelectField<FeedSourceForm> name="format" label="Format">
        {FEED_FORMATS.map((format) => (
          <option key={format} value={format}>
            {FEED_FORMAT_LABELS[format]}
          </option>
        ))}
      </SelectField>
      <SelectField<FeedSourceForm> name="agency" label={copy.agency}>
        <option value="">{copy.noAgency}</option>
        {AGENCIES.map((agency) => (
          <option key={agency} value={agency}>
            {agency} — {AGENCY_LABELS[agency]}
          </option>
        ))}
      </SelectField>
      <TextField<FeedSourceForm>
        name="pollIntervalMinutes"
        label={copy.interval}
        hint={copy.intervalHint}
        type="number"
        required
        min={FEED_POLL_INTERVAL_MIN}
        max={FEED_POLL_INTERVAL_MAX}
        step={1}
      />
      <label className="flex items-center gap-2 self-end pb-2 text-sm text-slate-900">
        <input type="checkbox" className="size-4 accent-brand-700" {...register('enabled')} />
        {copy.enabled}
      </label>
    </div>
  );
}
