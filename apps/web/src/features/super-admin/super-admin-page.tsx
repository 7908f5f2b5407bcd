import { Tabs } from 'radix-ui';
import { Card } from '@/components/ui/card';
import { AporTablesTab } from './apor-tables-tab.tsx';
import { useSession } from '@/lib/session';
import { CompaniesTab } from './companies-tab.tsx';
import { FeatureMatrixTab } from './feature-matrix-tab.tsx';
import { FeedSourcesTab } from './feed-sources-tab.tsx';
import { AuditLogTab, OutboxTab } from './records-tabs.tsx';
import { SupportTab } from './support-tab.tsx';
import { UsersTab } from './users-tab.tsx';

const TAB_TRIGGER =
  'rounded-md px-3 py-1.5 text-sm font-medium text-slate-700 data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow-sm';

/** `/super-admin`: the platform operator's console (super_admin only, enforced by the API). */
export function SuperAdminPage() {
  const { data: session } = useSession();
  if (!session) return null;
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold text-slate-900">Super Admin</h1>
      <Tabs.Root defaultValue="companies">
        <Tabs.List
          aria-label="Console sections"
          className="inline-flex flex-wrap gap-1 rounded-lg bg-slate-100 p-1"
        >
          <Tabs.Trigger value="companies" className={TAB_TRIGGER}>
            Institutions
          </Tabs.Trigger>
          <Tabs.Trigger value="users" className={TAB_TRIGGER}>
            Users
          </Tabs.Trigger>
          <Tabs.Trigger value="features" className={TAB_TRIGGER}>
            Feature access
          </Tabs.Trigger>
          <Tabs.Trigger value="support" className={TAB_TRIGGER}>
            Support
          </Tabs.Trigger>
          <Tabs.Trigger value="feed-sources" className={TAB_TRIGGER}>
            Feed sources
          </Tabs.Trigger>
          <Tabs.Trigger value="apor" className={TAB_TRIGGER}>
            APOR tables
          </Tabs.Trigger>
          <Tabs.Trigger value="outbox" className={TAB_TRIGGER}>
            Email outbox
          </Tabs.Trigger>
          <Tabs.Trigger value="audit" className={TAB_TRIGGER}>
            Audit log
          </Tabs.Trigger>
        </Tabs.List>
        <Card className="mt-4">
          <Tabs.Content value="companies">
            <CompaniesTab />
          </Tabs.Content>
          <Tabs.Content value="users">
            <UsersTab currentUserId={session.user.id} />
          </Tabs.Content>
          <Tabs.Content value="features">
            <FeatureMatrixTab />
          </Tabs.Content>
          <Tabs.Content value="support">
            <SupportTab />
          </Tabs.Content>
          <Tabs.Content value="feed-sources">
            <FeedSourcesTab />
          </Tabs.Content>
          <Tabs.Content value="apor">
            <AporTablesTab />
          </Tabs.Content>
          <Tabs.Content value="outbox">
            <OutboxTab />
          </Tabs.Content>
          <Tabs.Content value="audit">
            <AuditLogTab />
          </Tabs.Content>
        </Card>
      </Tabs.Root>
    </div>
  );
}
