import { REGULATION_AREA_INFO } from '@complivue/shared/regulation-areas';
import { PRODUCT_LINE_LABELS } from '@complivue/shared/schemas/risks';
import { useState } from 'react';
import { QueryState } from '@/components/query-state';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { userFacingMessage } from '@/lib/api-client';
import { useAdoptTemplates, useRiskTemplates } from './api.ts';

/**
 * The starter set for the institution's type: common compliance risks with their citations and
 * suggested controls tied to library rules. Adopted risks arrive not rated and without an owner.
 */
export function StarterRisks({ onAdopted }: { onAdopted: (count: number) => void }) {
  const templates = useRiskTemplates(true);
  const adopt = useAdoptTemplates();
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const toggle = (key: string) =>
    setChosen((current) => {
      const next = new Set(current);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  return (
    <QueryState query={templates} loading="Loading the starter risks">
      {(data) => {
        const open = data.templates.filter((template) => !template.adopted);
        if (open.length === 0) {
          return <p className="text-sm text-slate-700">Every starter risk is in your register.</p>;
        }
        return (
          <form
            aria-label="Starter risks"
            className="space-y-4"
            onSubmit={(event) => {
              event.preventDefault();
              adopt.mutate([...chosen], {
                onSuccess: (result) => {
                  setChosen(new Set());
                  onAdopted(result.adopted.length);
                },
              });
            }}
          >
            <p className="text-sm text-slate-700">
              Each arrives not rated and without an owner: rate it and assign it once you have
              judged it for your institution. You can edit or delete any of them.
            </p>
            <div className="flex gap-2">
              <Button
                type="button"
                variant="secondary"
                size="sm"
                onClick={() => setChosen(new Set(open.map((template) => template.key)))}
              >
                Choose all {open.length}
              </Button>
            </div>
            <ul className="space-y-3">
              {open.map((template) => (
                <li key={template.key} className="rounded-md border border-slate-200 p-3">
                  <label className="flex items-start gap-3">
                    <input
                      type="checkbox"
                      className="mt-1 size-4"
                      checked={chosen.has(template.key)}
                      onChange={() => toggle(template.key)}
                    />
                    <span className="space-y-1">
                      <span className="block font-medium text-slate-900">{template.title}</span>
                      <span className="block text-xs text-slate-700">
                        {REGULATION_AREA_INFO[template.area].tag} ·{' '}
                        {PRODUCT_LINE_LABELS[template.productLine]} ·{' '}
                        {template.citations.join('; ')}
                      </span>
                      <span className="block text-sm text-slate-700">{template.description}</span>
                      <span className="block text-xs text-slate-700">
                        Controls:{' '}
                        {template.controls
                          .map((control) => `${control.title} (${control.ruleIds.join(', ')})`)
                          .join('; ')}
                      </span>
                    </span>
                  </label>
                </li>
              ))}
            </ul>
            {adopt.isError && (
              <Alert variant="destructive">
                {userFacingMessage(adopt.error, 'The starter risks could not be added.')}
              </Alert>
            )}
            <div className="flex justify-end">
              <Button type="submit" disabled={chosen.size === 0 || adopt.isPending}>
                {adopt.isPending ? 'Adding…' : `Add ${chosen.size || ''} to the register`}
              </Button>
            </div>
          </form>
        );
      }}
    </QueryState>
  );
}
