import { checkArticle } from '@complivue/shared/article-checks';
import { REGULATION_AREA_INFO, REGULATION_AREAS } from '@complivue/shared/regulation-areas';
import {
  articleEditorFormSchema,
  type ArticleEditorForm,
  type ArticleVersion,
} from '@complivue/shared/schemas/enhancer';
import { useMemo, useState } from 'react';
import { useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { Form, SubmitButton, useZodForm } from '@/components/form/form';
import { SelectField, TextareaField, TextField } from '@/components/form/form-fields';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/input';
import { userFacingMessage } from '@/lib/api-client';
import { usePreviewMarkdown } from './api.ts';
import { ChecksPanel } from './checks-panel.tsx';

export type EditorValues = z.output<ReturnType<typeof articleEditorFormSchema>>;

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
  /** The values; a new article's also carry its address and area. */
  onSubmit: (values: EditorValues) => Promise<void>;
}) {
  const schema = useMemo(() => articleEditorFormSchema(isNew), [isNew]);
  const form = useZodForm(schema, {
    title: initial?.title ?? '',
    slug: '',
    area: 'trid',
    summary: initial?.summary ?? '',
    citations: (initial?.citations ?? []).join('\n'),
    lastReviewed: initial?.lastReviewed ?? today(),
    body: initial?.body ?? NEW_ARTICLE_BODY,
    note: '',
  });
  const preview = usePreviewMarkdown();
  const [showPreview, setShowPreview] = useState(false);
  const [title, summary, body, citations, lastReviewed] = useWatch({
    control: form.control,
    name: ['title', 'summary', 'body', 'citations', 'lastReviewed'],
  });

  const checks = useMemo(
    () =>
      checkArticle(
        { title, summary, body, citations: splitCitations(citations), lastReviewed },
        new Date(),
      ),
    [title, summary, body, citations, lastReviewed],
  );

  return (
    <Form
      form={form}
      failure="The article could not be saved."
      className="grid gap-6 xl:grid-cols-[1fr_20rem]"
      onSubmit={onSubmit}
    >
      <div className="space-y-4">
        {preview.isError && (
          <Alert variant="destructive">
            {userFacingMessage(preview.error, 'The preview failed.')}
          </Alert>
        )}
        <TextField<ArticleEditorForm> name="title" label="Title" />
        {isNew && (
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField<ArticleEditorForm>
              name="slug"
              label="Address"
              hint="Lowercase words and dashes, e.g. wire-callback-procedure."
            />
            <SelectField<ArticleEditorForm> name="area" label="Regulation area">
              {REGULATION_AREAS.map((value) => (
                <option key={value} value={value}>
                  {REGULATION_AREA_INFO[value].tag} — {REGULATION_AREA_INFO[value].label}
                </option>
              ))}
            </SelectField>
          </div>
        )}
        <TextareaField<ArticleEditorForm> name="summary" label="Summary" rows={2} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextareaField<ArticleEditorForm>
            name="citations"
            label="Citations"
            hint="One per line, e.g. 12 CFR 1026.19(e)(1)(iii)."
            rows={4}
          />
          <TextField<ArticleEditorForm> name="lastReviewed" label="Last reviewed" type="date" />
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
              aria-pressed={showPreview}
              disabled={preview.isPending}
              onClick={() => {
                if (showPreview) setShowPreview(false);
                else preview.mutate(body, { onSuccess: () => setShowPreview(true) });
              }}
            >
              {showPreview ? 'Edit' : 'Preview'}
            </Button>
          </div>
          {showPreview && preview.data ? (
            <div
              className="prose-content mt-1 rounded-md border border-slate-200 bg-white p-4"
              // Rendered by the server exactly as the library renders it (raw HTML escaped).
              dangerouslySetInnerHTML={{ __html: preview.data.html }}
            />
          ) : (
            <Textarea
              aria-labelledby="body-label"
              rows={18}
              className="mt-1 font-mono"
              {...form.register('body')}
            />
          )}
        </div>
        <TextField<ArticleEditorForm> name="note" label="What changed (optional)" maxLength={300} />
        <SubmitButton pendingLabel="Saving…">{submitLabel}</SubmitButton>
      </div>
      <ChecksPanel checks={checks} />
    </Form>
  );
}
