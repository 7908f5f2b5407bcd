import { checkArticle } from '@complivue/shared/article-checks';
import {
  REGULATION_AREA_INFO,
  REGULATION_AREAS,
  type RegulationArea,
} from '@complivue/shared/regulation-areas';
import type { ArticleVersion } from '@complivue/shared/schemas/enhancer';
import { useMemo, useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input, Select, Textarea } from '@/components/ui/input';
import { useAsyncAction } from '@/lib/use-async-action';
import { previewMarkdown } from './api.ts';
import { ChecksPanel } from './checks-panel.tsx';

export interface EditorValues {
  title: string;
  summary: string;
  body: string;
  citations: string[];
  lastReviewed: string;
  note?: string;
  slug?: string;
  area?: RegulationArea;
}

const NEW_ARTICLE_BODY =
  '## Overview\n\nWhat this procedure covers and why.\n\n## Requirements\n\nWhat staff must do, citing the rule (for example 12 CFR 1026.19(e)(1)(iii)).\n\n## Evidence examiners expect\n\nThe records that show it is done.\n';

const today = () => new Date().toISOString().slice(0, 10);

const splitCitations = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/** The text of an article being edited: fields, markdown with preview, live checks. */
export function ArticleEditor({
  initial,
  isNew,
  submitLabel,
  onSubmit,
}: {
  initial: ArticleVersion | null;
  isNew: boolean;
  submitLabel: string;
  onSubmit: (values: EditorValues) => Promise<void>;
}) {
  const [title, setTitle] = useState(initial?.title ?? '');
  const [slug, setSlug] = useState('');
  const [area, setArea] = useState<RegulationArea>('trid');
  const [summary, setSummary] = useState(initial?.summary ?? '');
  const [citations, setCitations] = useState((initial?.citations ?? []).join('\n'));
  const [lastReviewed, setLastReviewed] = useState(initial?.lastReviewed ?? today());
  const [body, setBody] = useState(initial?.body ?? NEW_ARTICLE_BODY);
  const [note, setNote] = useState('');
  const [preview, setPreview] = useState<string | null>(null);
  const { busy, error, run } = useAsyncAction();

  const citationList = useMemo(() => splitCitations(citations), [citations]);
  const checks = useMemo(
    () => checkArticle({ title, summary, body, citations: citationList, lastReviewed }, new Date()),
    [title, summary, body, citationList, lastReviewed],
  );

  async function submit(event: FormEvent) {
    event.preventDefault();
    await run(
      () =>
        onSubmit({
          title,
          summary,
          body,
          citations: citationList,
          lastReviewed,
          note: note || undefined,
          ...(isNew && { slug, area }),
        }),
      'The article could not be saved.',
    );
  }

  async function showPreview() {
    await run(async () => setPreview((await previewMarkdown(body)).html), 'The preview failed.');
  }

  return (
    <form onSubmit={submit} noValidate className="grid gap-6 xl:grid-cols-[1fr_20rem]">
      <div className="space-y-4">
        {error && <Alert variant="destructive">{error}</Alert>}
        <FormField label="Title">
          {({ id }) => (
            <Input id={id} value={title} onChange={(event) => setTitle(event.target.value)} />
          )}
        </FormField>
        {isNew && (
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField
              label="Address"
              hint="Lowercase words and dashes, e.g. wire-callback-procedure."
            >
              {({ id, describedBy }) => (
                <Input
                  id={id}
                  aria-describedby={describedBy}
                  value={slug}
                  onChange={(event) => setSlug(event.target.value)}
                />
              )}
            </FormField>
            <FormField label="Regulation area">
              {({ id }) => (
                <Select
                  id={id}
                  value={area}
                  onChange={(event) => setArea(event.target.value as RegulationArea)}
                >
                  {REGULATION_AREAS.map((value) => (
                    <option key={value} value={value}>
                      {REGULATION_AREA_INFO[value].tag} — {REGULATION_AREA_INFO[value].label}
                    </option>
                  ))}
                </Select>
              )}
            </FormField>
          </div>
        )}
        <FormField label="Summary">
          {({ id }) => (
            <Textarea
              id={id}
              rows={2}
              value={summary}
              onChange={(event) => setSummary(event.target.value)}
            />
          )}
        </FormField>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="Citations" hint="One per line, e.g. 12 CFR 1026.19(e)(1)(iii).">
            {({ id, describedBy }) => (
              <Textarea
                id={id}
                aria-describedby={describedBy}
                rows={4}
                value={citations}
                onChange={(event) => setCitations(event.target.value)}
              />
            )}
          </FormField>
          <FormField label="Last reviewed">
            {({ id }) => (
              <Input
                id={id}
                type="date"
                value={lastReviewed}
                onChange={(event) => setLastReviewed(event.target.value)}
              />
            )}
          </FormField>
        </div>
        <div>
          <div className="flex items-center justify-between">
            <span className="text-sm font-medium text-slate-900" id="body-label">
              Article (markdown)
            </span>
            <Button
              type="button"
              variant="ghost"
              size="sm"
              aria-pressed={preview !== null}
              onClick={() => (preview === null ? void showPreview() : setPreview(null))}
            >
              {preview === null ? 'Preview' : 'Edit'}
            </Button>
          </div>
          {preview === null ? (
            <Textarea
              aria-labelledby="body-label"
              rows={18}
              className="mt-1 font-mono"
              value={body}
              onChange={(event) => setBody(event.target.value)}
            />
          ) : (
            <div
              className="prose-content mt-1 rounded-md border border-slate-200 bg-white p-4"
              // Rendered by the server exactly as the library renders it (raw HTML escaped).
              dangerouslySetInnerHTML={{ __html: preview }}
            />
          )}
        </div>
        <FormField label="What changed (optional)">
          {({ id }) => (
            <Input
              id={id}
              value={note}
              maxLength={300}
              onChange={(event) => setNote(event.target.value)}
            />
          )}
        </FormField>
        <Button type="submit" disabled={busy}>
          {busy ? 'Saving…' : submitLabel}
        </Button>
      </div>
      <ChecksPanel checks={checks} />
    </form>
  );
}
