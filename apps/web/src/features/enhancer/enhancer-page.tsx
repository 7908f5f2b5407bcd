import { REGULATION_AREA_INFO } from '@complivue/shared/regulation-areas';
import type { EnhancerArticle } from '@complivue/shared/schemas/enhancer';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { QueryState } from '@/components/query-state';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { formatDateTime } from '@/lib/format-day';
import { libraryArticlePath } from '@complivue/shared/library';
import { useSession } from '@/lib/session';
import { userFacingMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import {
  useCreateArticle,
  useEditableArticles,
  useEnhancerArticle,
  usePublishVersion,
  useSaveVersion,
} from './api.ts';
import { ArticleEditor, type EditorValues } from './article-editor.tsx';
import { DiffView } from './diff-view.tsx';

function ArticleWorkspace({ articleId }: { articleId: string }) {
  const article = useEnhancerArticle(articleId);
  return (
    <QueryState query={article} loading="Loading the article">
      {(data) => <ArticleVersions article={data} />}
    </QueryState>
  );
}

function ArticleVersions({ article: data }: { article: EnhancerArticle }) {
  const saveVersion = useSaveVersion(data.id);
  const publish = usePublishVersion(data.id);

  async function save({ title, summary, body, citations, lastReviewed, note }: EditorValues) {
    const saved = await saveVersion.mutateAsync({
      title,
      summary,
      body,
      citations,
      lastReviewed,
      note,
    });
    toast.success(`Version ${saved.latestVersion} saved. Publish it to update the library.`);
  }

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-xl font-semibold text-slate-900">{data.title}</h2>
        {data.status === 'published' && (
          <Link
            to={libraryArticlePath(data.slug)}
            className="text-sm font-medium text-brand-700 underline"
          >
            Open in the library
          </Link>
        )}
      </div>
      <ArticleEditor
        key={data.latestVersion}
        initial={data.latest}
        isNew={false}
        submitLabel="Save as a new version"
        onSubmit={save}
      />
      <Card className="p-5">
        <h2 className="text-base font-semibold text-slate-900">Versions</h2>
        {publish.isError && (
          <Alert variant="destructive">
            {userFacingMessage(publish.error, 'The version could not be published.')}
          </Alert>
        )}
        <ol className="mt-2 divide-y divide-slate-200 text-sm">
          {data.versions.map((version) => (
            <li key={version.version} className="flex flex-wrap items-center gap-2 py-2">
              <span className="font-medium text-slate-900">Version {version.version}</span>
              <span className="text-slate-600">
                {version.createdByName ?? 'Former member'} · {formatDateTime(version.createdAt)}
                {version.note && version.note !== 'content' ? ` · ${version.note}` : ''}
              </span>
              {version.version === data.version && data.status === 'published' ? (
                <span className="ml-auto rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-medium text-emerald-900">
                  Published
                </span>
              ) : (
                version.version === data.latestVersion && (
                  <Button
                    className="ml-auto"
                    size="sm"
                    disabled={publish.isPending}
                    onClick={() =>
                      publish.mutate(version.version, {
                        onSuccess: () => toast.success(`Version ${version.version} is published.`),
                      })
                    }
                  >
                    Publish version {version.version}
                  </Button>
                )
              )}
            </li>
          ))}
        </ol>
      </Card>
      <Card className="p-5">
        <h2 className="text-base font-semibold text-slate-900">Changes in the latest version</h2>
        <DiffView diff={data.diff} />
      </Card>
    </div>
  );
}

function NewArticle({ onCreated }: { onCreated: (id: string) => void }) {
  const createArticle = useCreateArticle();
  async function create(values: EditorValues) {
    const created = await createArticle.mutateAsync(values);
    toast.success('The draft is saved. Publish it when it is ready.');
    onCreated(created.id);
  }
  return (
    <div className="space-y-4">
      <h2 className="text-xl font-semibold text-slate-900">New article of your institution</h2>
      <p className="text-sm text-slate-700">
        Your own procedures sit beside the shared library and are searchable only inside your
        institution, once published.
      </p>
      <ArticleEditor initial={null} isNew submitLabel="Save draft" onSubmit={create} />
    </div>
  );
}

/** `/article-enhancer` (administrators): edit, check, version and publish library articles. */
export function EnhancerPage() {
  const { data: session } = useSession();
  const articles = useEditableArticles();
  const [selected, setSelected] = useState<string | 'new' | null>(null);
  const isSuperAdmin = session?.profile.role === 'super_admin';
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">Article Enhancer</h1>
        <p className="mt-1 text-sm text-slate-700">
          {isSuperAdmin
            ? 'Edit the shared library. Each save is a version with its diff; readers see the published one.'
            : 'Write and maintain your institution’s own articles. Checks flag malformed citations, missing sections, stale reviews and hard reading.'}
        </p>
      </div>
      <div className="grid gap-6 lg:grid-cols-[18rem_1fr]">
        <Card className="h-fit p-3">
          {!isSuperAdmin && (
            <Button className="mb-3 w-full" variant="secondary" onClick={() => setSelected('new')}>
              New article
            </Button>
          )}
          <QueryState
            query={articles}
            loading="Loading articles"
            isEmpty={(list) => list.items.length === 0}
            empty={<p className="px-2 text-sm text-slate-700">No articles yet.</p>}
          >
            {(list) => (
              <ul aria-label="Articles" className="max-h-[70vh] space-y-1 overflow-y-auto">
                {list.items.map((article) => (
                  <li key={article.id}>
                    <button
                      type="button"
                      aria-current={selected === article.id}
                      onClick={() => setSelected(article.id)}
                      className={cn(
                        'w-full rounded-md px-2 py-1.5 text-left text-sm hover:bg-slate-100',
                        selected === article.id && 'bg-brand-50 font-semibold',
                      )}
                    >
                      <span className="block text-slate-900">{article.title}</span>
                      <span className="block text-xs text-slate-600">
                        {REGULATION_AREA_INFO[article.area].tag} ·{' '}
                        {article.status === 'draft' ? 'Draft' : `Published v${article.version}`}
                        {article.latestVersion > article.version
                          ? ` · v${article.latestVersion} unpublished`
                          : ''}
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </QueryState>
        </Card>
        <div>
          {selected === 'new' ? (
            <NewArticle onCreated={setSelected} />
          ) : selected ? (
            <ArticleWorkspace key={selected} articleId={selected} />
          ) : (
            <p className="text-sm text-slate-700">Choose an article, or start a new one.</p>
          )}
        </div>
      </div>
    </div>
  );
}
