import { isOpenChangeStatus } from '@complivue/shared/change-workflow';
import { hasRoleAtLeast, type Role } from '@complivue/shared/roles';
import {
  CHANGE_MESSAGES,
  type ChangeDetail,
  type ChangeMembers,
} from '@complivue/shared/schemas/changes';
import { Tabs } from 'radix-ui';
import { useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { TabTrigger } from '@/components/ui/tab-trigger';
import { useUpdateChange } from '../api.ts';
import { ChangeImpactForm, ChangeOverviewForm, fieldsOf } from '../change-fields-form.tsx';
import { ChangeActionBar } from './change-action-bar.tsx';
import { SavedLoanTests } from '@/components/loan-tests/saved-loan-tests';
import { ChangeAttachments } from './change-attachments.tsx';
import { ChangeComments } from './change-comments.tsx';
import { ChangeFacts } from './change-facts.tsx';
import { HistoryTimeline } from './change-history.tsx';
import { ChangeTasks } from './change-tasks.tsx';
import { ChangePolicies } from './change-policies.tsx';
import { DetailSection } from './detail-section.tsx';

type Members = ChangeMembers['members'];

/**
 * One tab's panel. Kept mounted while another tab shows, so that what was typed in a form
 * survives a look at the history.
 */
function Panel({ value, children }: { value: string; children: ReactNode }) {
  return (
    <Tabs.Content
      value={value}
      forceMount
      className="space-y-5 p-4 focus-visible:outline-2 focus-visible:outline-brand-700 data-[state=inactive]:hidden sm:px-6"
    >
      {children}
    </Tabs.Content>
  );
}

/** The change's editors: its overview and its impact assessment, saved apart. */
function useSave(change: ChangeDetail) {
  const updateChange = useUpdateChange(change.id);
  return async (fields: Parameters<typeof updateChange.mutateAsync>[0]) => {
    await updateChange.mutateAsync(fields);
    toast.success('The change is saved.');
  };
}

/**
 * Everything about one change: the action bar (status, risk, due date, owner, moves, report),
 * always in view, above tabs for its overview, impact assessment, tasks and evidence,
 * discussion and history, each scrolling on its own.
 */
export function ChangeDetailBody({
  change,
  role,
  userId,
  members,
}: {
  change: ChangeDetail;
  role: Role;
  userId: string;
  members: Members;
}) {
  const [tab, setTab] = useState('overview');
  const save = useSave(change);
  const open = isOpenChangeStatus(change.status);
  const ownerKnown = !change.ownerId || members.some((member) => member.userId === change.ownerId);
  const ownerChoices = ownerKnown
    ? members
    : [
        ...members,
        { userId: change.ownerId!, name: change.ownerName ?? 'Former member', email: '', role: '' },
      ];
  const { impact, riskRating, ...overview } = fieldsOf(change);
  const finished = !open && <Alert>{CHANGE_MESSAGES.finished}</Alert>;
  const editor = {
    pendingLabel: 'Saving…',
    failure: 'The change could not be saved.',
    disabled: !open,
    onSubmit: save,
  };

  return (
    <>
      <ChangeActionBar change={change} role={role} />
      <Tabs.Root value={tab} onValueChange={setTab} className="flex min-h-0 flex-1 flex-col">
        <Tabs.List
          aria-label="Sections of the change"
          className="flex shrink-0 flex-wrap gap-1 border-b border-slate-200 px-4 py-2 sm:px-6"
        >
          <TabTrigger value="overview">Overview</TabTrigger>
          <TabTrigger value="impact">Impact</TabTrigger>
          <TabTrigger value="tasks">
            Tasks and evidence ({change.tasks.length - change.openTasks}/{change.tasks.length})
          </TabTrigger>
          <TabTrigger value="discussion">Discussion ({change.comments.length})</TabTrigger>
          <TabTrigger value="history">History ({change.history.length})</TabTrigger>
        </Tabs.List>
        <div className="min-h-0 flex-1 overflow-y-auto" data-testid="change-sections">
          <Panel value="overview">
            <ChangeFacts change={change} />
            {finished}
            <ChangeOverviewForm
              key={change.updatedAt}
              initial={overview}
              members={ownerChoices}
              submitLabel="Save overview"
              {...editor}
            />
          </Panel>
          <Panel value="impact">
            {finished}
            <ChangeImpactForm
              key={change.updatedAt}
              initial={{ impact, riskRating }}
              submitLabel="Save impact assessment"
              {...editor}
            />
            {/* Read when the tab is open: the other tabs stay mounted to keep what was typed. */}
            {tab === 'impact' && <ChangePolicies changeId={change.id} />}
          </Panel>
          <Panel value="tasks">
            <DetailSection
              title={`Tasks (${change.tasks.length - change.openTasks} of ${change.tasks.length} done)`}
            >
              <ChangeTasks change={change} members={members} open={open} />
            </DetailSection>
            <DetailSection title="Files and evidence">
              <ChangeAttachments
                change={change}
                disabled={!open}
                canRemove={(uploadedBy) => uploadedBy === userId || hasRoleAtLeast(role, 'manager')}
              />
            </DetailSection>
            <DetailSection title="Loan tests">
              {tab === 'tasks' && (
                <SavedLoanTests
                  filter={{ changeId: change.id }}
                  caption="Loan tests saved to this change"
                  empty="No loan test is saved to this change. Run one under Loan Tests and save it here."
                />
              )}
            </DetailSection>
          </Panel>
          <Panel value="discussion">
            {/* Read (and kept live) while the tab is open. */}
            {tab === 'discussion' && <ChangeComments changeId={change.id} />}
          </Panel>
          <Panel value="history">
            <HistoryTimeline change={change} />
          </Panel>
        </div>
      </Tabs.Root>
    </>
  );
}
