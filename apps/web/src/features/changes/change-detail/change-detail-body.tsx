import { isOpenChangeStatus } from '@complivue/shared/change-workflow';
import { hasRoleAtLeast, type Role } from '@complivue/shared/roles';
import {
  CHANGE_MESSAGES,
  type ChangeDetail,
  type ChangeMembers,
} from '@complivue/shared/schemas/changes';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { useUpdateChange } from '../api.ts';
import { ChangeFieldsForm, fieldsOf } from '../change-fields-form.tsx';
import { ChangeAttachments } from './change-attachments.tsx';
import { ChangeComments } from './change-comments.tsx';
import { ChangeFacts } from './change-facts.tsx';
import { HistoryTimeline } from './change-history.tsx';
import { ChangeTasks } from './change-tasks.tsx';
import { DetailSection } from './detail-section.tsx';
import { StatusActions } from './status-actions.tsx';

/** Everything about one change: its facts, status moves, fields, tasks, files, talk, history. */
export function ChangeDetailBody({
  change,
  role,
  userId,
  members,
}: {
  change: ChangeDetail;
  role: Role;
  userId: string;
  members: ChangeMembers['members'];
}) {
  const updateChange = useUpdateChange(change.id);
  const open = isOpenChangeStatus(change.status);
  const ownerKnown = !change.ownerId || members.some((member) => member.userId === change.ownerId);
  const ownerChoices = ownerKnown
    ? members
    : [
        ...members,
        { userId: change.ownerId!, name: change.ownerName ?? 'Former member', email: '', role: '' },
      ];

  return (
    <div className="space-y-5">
      <ChangeFacts change={change} />

      <DetailSection title="Status">
        <StatusActions change={change} role={role} />
      </DetailSection>

      <DetailSection title="Details and impact assessment">
        {!open && <Alert className="mb-3">{CHANGE_MESSAGES.finished}</Alert>}
        <ChangeFieldsForm
          key={change.updatedAt}
          initial={fieldsOf(change)}
          members={ownerChoices}
          submitLabel="Save changes"
          pendingLabel="Saving…"
          failure="The change could not be saved."
          disabled={!open}
          onSubmit={async (fields) => {
            await updateChange.mutateAsync(fields);
            toast.success('The change is saved.');
          }}
        />
      </DetailSection>

      <DetailSection
        title={`Tasks (${change.tasks.length - change.openTasks} of ${change.tasks.length} done)`}
      >
        <ChangeTasks change={change} members={members} open={open} />
      </DetailSection>

      <DetailSection title="Attachments">
        <ChangeAttachments
          change={change}
          disabled={!open}
          canRemove={(uploadedBy) => uploadedBy === userId || hasRoleAtLeast(role, 'manager')}
        />
      </DetailSection>

      <DetailSection title="Comments">
        <ChangeComments change={change} members={members} userId={userId} />
      </DetailSection>

      <DetailSection title="History">
        <HistoryTimeline change={change} />
      </DetailSection>
    </div>
  );
}
