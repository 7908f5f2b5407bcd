import { ACTIONS, AUTOMATION_TEMPLATES, TRIGGERS } from '@complivue/shared/automations';
import { FilePlus2 } from 'lucide-react';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Card } from '@/components/ui/card';
import { BLANK_TEMPLATE, newRuleHref } from './links.ts';

/**
 * The starting points of a new rule: each template (its trigger and actions named, every person
 * left to choose), and a blank rule.
 */
export function TemplateGallery({ unknownKey }: { unknownKey: string | null }) {
  return (
    <section aria-labelledby="gallery-heading" className="space-y-4">
      <h2 id="gallery-heading" className="text-lg font-semibold text-slate-900">
        Start from a template, or from scratch
      </h2>
      {unknownKey && (
        <Alert variant="destructive">
          There is no template “{unknownKey}”. Choose one of these, or start from scratch.
        </Alert>
      )}
      <ul className="grid gap-4 md:grid-cols-2">
        {AUTOMATION_TEMPLATES.map((template) => (
          <li key={template.key}>
            <Card className="flex h-full flex-col gap-2 p-4">
              <h3 className="font-semibold text-slate-900">
                <Link to={newRuleHref(template.key)} className="text-brand-700 underline">
                  {template.name}
                </Link>
              </h3>
              <p className="text-sm text-slate-700">{template.description}</p>
              <dl className="mt-auto grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-xs text-slate-700">
                <dt className="font-medium text-slate-900">When</dt>
                <dd>{TRIGGERS[template.trigger.type].label}</dd>
                <dt className="font-medium text-slate-900">Then</dt>
                <dd>{template.actions.map((action) => ACTIONS[action.type].label).join('; ')}</dd>
              </dl>
            </Card>
          </li>
        ))}
        <li>
          <Card className="flex h-full flex-col gap-2 border-dashed p-4">
            <h3 className="font-semibold text-slate-900">
              <Link
                to={newRuleHref(BLANK_TEMPLATE)}
                className="inline-flex items-center gap-2 text-brand-700 underline"
              >
                <FilePlus2 aria-hidden="true" className="size-4" />
                Start from scratch
              </Link>
            </h3>
            <p className="text-sm text-slate-700">
              Choose the trigger, the conditions and the actions yourself.
            </p>
          </Card>
        </li>
      </ul>
    </section>
  );
}
