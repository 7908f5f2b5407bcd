import type { ReactNode } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { BackLink } from '@/components/back-link';
import { QueryState } from '@/components/query-state';
import { Alert } from '@/components/ui/alert';
import { paths } from '@/config/paths';
import { useRule } from './api.ts';
import { BLANK_TEMPLATE, rulePath } from './links.ts';
import { blankRule, findTemplate, ruleFromDefinition, ruleFromTemplate } from './rule-catalogue.ts';
import { RuleForm } from './rule-form.tsx';
import { TemplateGallery } from './template-gallery.tsx';

function EditorFrame({
  title,
  back,
  children,
}: {
  title: string;
  back: { to: string; label: string };
  children: ReactNode;
}) {
  return (
    <div className="space-y-6">
      <BackLink to={back.to}>{back.label}</BackLink>
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      {children}
    </div>
  );
}

function NewRule() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const key = params.get('template');
  const template = findTemplate(key);
  const back = { to: paths.automations, label: 'Automations' };
  if (!template && key !== BLANK_TEMPLATE) {
    return (
      <EditorFrame title="New rule" back={back}>
        <TemplateGallery unknownKey={key} />
      </EditorFrame>
    );
  }
  return (
    <EditorFrame title="New rule" back={back}>
      {template && (
        <Alert>
          Started from the template “{template.name}”. Change anything; a template names roles and
          “the record’s owner” but never a person, so any member is yours to choose.{' '}
          <Link to={paths.automationsNew} className="font-medium underline">
            Choose another starting point
          </Link>
        </Alert>
      )}
      <RuleForm
        key={key}
        initial={template ? ruleFromTemplate(template) : blankRule()}
        cancelTo={paths.automations}
        onSaved={(ruleId) => navigate(rulePath(ruleId))}
      />
    </EditorFrame>
  );
}

function EditRule({ ruleId }: { ruleId: string }) {
  const rule = useRule(ruleId);
  const navigate = useNavigate();
  return (
    <EditorFrame
      title={rule.data ? `Edit “${rule.data.name}”` : 'Edit the rule'}
      back={{ to: rulePath(ruleId), label: 'The rule' }}
    >
      <QueryState query={rule} loading="Loading the rule">
        {(data) => (
          <>
            <p className="text-sm text-slate-700">
              Saving makes version {data.version + 1} of the rule; each past run stays recorded with
              the version it ran.
            </p>
            <RuleForm
              initial={ruleFromDefinition(data)}
              ruleId={data.id}
              cancelTo={rulePath(data.id)}
              onSaved={(id) => navigate(rulePath(id))}
            />
          </>
        )}
      </QueryState>
    </EditorFrame>
  );
}

/**
 * `/automations/new` (the template gallery, then the editor; `?template=<key>` starts from one)
 * and `/automations/rules/:ruleId/edit`.
 */
export function RuleEditorPage() {
  const { ruleId } = useParams();
  return ruleId ? <EditRule ruleId={ruleId} /> : <NewRule />;
}
