import { REGULATION_AREA_INFO } from '@complivue/shared/regulation-areas';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { formatDateTime } from '@/lib/format-day';
import { libraryArticlePath } from '@complivue/shared/library';
import { useSession } from '@/lib/session';
import { useAsyncAction } from '@/lib/use-async-action';
import { cn } from '@/lib/cn';
import {
  createArticle,
  enhancerQueryKey,
  publishVersion,
  saveVersion,
  useEditableArticles,
  useEnhancerArticle,
} from './api.ts';
import { ArticleEditor, type EditorValues } from './article-editor.tsx';
import { DiffView } from './diff-view.tsx';

function ArticleWorkspace({ articleId }: { articleId: string }) {
  const queryClient = useQueryClient();
  const article = useEnhancerArticle(articleId);
  const { busy, error, run } = useAsyncAction();
  if (article.isPending) return <Spinner label="Loading the article" />;
  if (article.isError) return <Alert variant="destructive">{article.error.message}</Alert>;
  const data = article.data;
  const refresh = async () => queryClient.invalidateQueries({ queryKey: enhancerQueryKey });

  async function save(values: EditorValues) {
    const saved = await saveVersion(articleId, values);
    queryClient.setQueryData([...enhancerQueryKey, 'article', articleId], saved);
    await refresh();
    toast.success(`Version ${saved.latestVersion} saved. Publish it to update the library.`);
  }

  const publish = (version: number) =>
    run(async () => {
      await publishVersion(articleId, version);
      await refresh();
      await queryClient.invalidateQueries({ queryKey: ['library'] });
      toast.success(`Version ${version} is published.`);
    }, 'The version could not be published.');

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
        {error && <Alert variant="destructive">{error}</Alert>}
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
                    disabled={busy}
                    onClick={() => void publish(version.version)}
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
  const queryClient = useQueryClient();
  async function create(values: EditorValues) {
    const created = await createArticle({
      ...values,
      slug: values.slug ?? '',
      area: values.area ?? 'trid',
    });
    await queryClient.invalidateQueries({ queryKey: enhancerQueryKey });
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
          {articles.isPending ? (
            <Spinner label="Loading articles" />
          ) : articles.isError ? (
            <Alert variant="destructive">{articles.error.message}</Alert>
          ) : articles.data.items.length === 0 ? (
            <p className="px-2 text-sm text-slate-700">No articles yet.</p>
          ) : (
            <ul aria-label="Articles" className="max-h-[70vh] space-y-1 overflow-y-auto">
              {articles.data.items.map((article) => (
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
