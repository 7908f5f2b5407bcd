import {
  AGENCIES,
  AGENCY_LABELS,
  FEED_FORMAT_LABELS,
  FEED_FORMATS,
  FEED_POLL_INTERVAL_DEFAULT,
  FEED_POLL_INTERVAL_MAX,
  FEED_POLL_INTERVAL_MIN,
  type Agency,
  type FeedFormat,
} from '@complivue/shared/regulatory-monitoring';
import type { CreateFeedSourceRequest, FeedSource } from '@complivue/shared/schemas/feed-sources';
import { FormField } from '@/components/ui/form-field';
import { Input, Select } from '@/components/ui/input';

/** A feed source as its form holds it (the interval as typed). */
export interface FeedSourceDraft {
  name: string;
  url: string;
  format: FeedFormat;
  agency: Agency | '';
  pollIntervalMinutes: string;
  enabled: boolean;
}

export const emptyFeedSourceDraft: FeedSourceDraft = {
  name: '',
  url: '',
  format: 'rss',
  agency: '',
  pollIntervalMinutes: String(FEED_POLL_INTERVAL_DEFAULT),
  enabled: true,
};

export const feedSourceDraftOf = (source: FeedSource): FeedSourceDraft => ({
  name: source.name,
  url: source.url,
  format: source.format,
  agency: source.agency ?? '',
  pollIntervalMinutes: String(source.pollIntervalMinutes),
  enabled: source.enabled,
});

/** The request body of a draft (not yet validated). */
export const feedSourceBodyOf = (draft: FeedSourceDraft): CreateFeedSourceRequest => ({
  name: draft.name,
  url: draft.url,
  format: draft.format,
  agency: draft.agency || null,
  pollIntervalMinutes: Number(draft.pollIntervalMinutes),
  enabled: draft.enabled,
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

/** The fields of a feed source form: name, address, format, agency, interval and the switch. */
export function FeedSourceFields({
  draft,
  onChange,
  scope,
}: {
  draft: FeedSourceDraft;
  onChange: (next: Partial<FeedSourceDraft>) => void;
  scope: keyof typeof COPY;
}) {
  const copy = COPY[scope];
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <FormField label="Name">
        {({ id }) => (
          <Input
            id={id}
            required
            maxLength={120}
            value={draft.name}
            onChange={(event) => onChange({ name: event.target.value })}
          />
        )}
      </FormField>
      <FormField label={copy.url} hint={copy.urlHint}>
        {({ id, describedBy }) => (
          <Input
            id={id}
            type="url"
            inputMode="url"
            required
            placeholder="https://"
            aria-describedby={describedBy}
            value={draft.url}
            onChange={(event) => onChange({ url: event.target.value })}
          />
        )}
      </FormField>
      <FormField label="Format">
        {({ id }) => (
          <Select
            id={id}
            value={draft.format}
            onChange={(event) => onChange({ format: event.target.value as FeedFormat })}
          >
            {FEED_FORMATS.map((format) => (
              <option key={format} value={format}>
                {FEED_FORMAT_LABELS[format]}
              </option>
            ))}
          </Select>
        )}
      </FormField>
      <FormField label={copy.agency}>
        {({ id }) => (
          <Select
            id={id}
            value={draft.agency}
            onChange={(event) => onChange({ agency: event.target.value as Agency | '' })}
          >
            <option value="">{copy.noAgency}</option>
            {AGENCIES.map((agency) => (
              <option key={agency} value={agency}>
                {agency} — {AGENCY_LABELS[agency]}
              </option>
            ))}
          </Select>
        )}
      </FormField>
      <FormField label={copy.interval} hint={copy.intervalHint}>
        {({ id, describedBy }) => (
          <Input
            id={id}
            type="number"
            required
            min={FEED_POLL_INTERVAL_MIN}
            max={FEED_POLL_INTERVAL_MAX}
            step={1}
            aria-describedby={describedBy}
            value={draft.pollIntervalMinutes}
            onChange={(event) => onChange({ pollIntervalMinutes: event.target.value })}
          />
        )}
      </FormField>
      <label className="flex items-center gap-2 self-end pb-2 text-sm text-slate-900">
        <input
          type="checkbox"
          className="size-4 accent-brand-700"
          checked={draft.enabled}
          onChange={(event) => onChange({ enabled: event.target.checked })}
        />
        {copy.enabled}
      </label>
    </div>
  );
}
