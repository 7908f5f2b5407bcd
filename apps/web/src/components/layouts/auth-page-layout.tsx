import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Card } from '@/components/ui/card';
import { paths } from '@/config/paths';

/** The frame of the sign-in, sign-up and password pages. */
export function AuthPageLayout({
  title,
  description,
  children,
  wide = false,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  wide?: boolean;
}) {
  return (
    <div className="flex min-h-screen flex-col items-center bg-slate-50 px-4 py-12">
      <Link
        to={paths.home}
        className="mb-8 flex items-center gap-2 text-lg font-bold text-brand-800"
      >
        <img src="/favicon.svg" alt="" width={28} height={28} />
        Complivue
      </Link>
      <main id="main" className={wide ? 'w-full max-w-2xl' : 'w-full max-w-md'}>
        <Card>
          <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
          {description && <div className="mt-2 text-sm text-slate-700">{description}</div>}
          <div className="mt-6">{children}</div>
        </Card>
      </main>
    </div>
  );
}
