import type { ChangeDetail, ChangeMembers } from '@complivue/shared/schemas/changes';
import { toast } from 'sonner';
import { userFacingMessage } from '@/lib/api-client';
import { useAddComment } from '../api.ts';
import { CommentBox, CommentList } from '../comment-box.tsx';

/** The change's comments and the box to add one (mentioning anyone but oneself). */
export function ChangeComments({
  change,
  members,
  userId,
}: {
  change: ChangeDetail;
  members: ChangeMembers['members'];
  userId: string;
}) {
  const addComment = useAddComment(change.id);
  return (
    <>
      <CommentList comments={change.comments} />
      <div className="mt-3">
        <CommentBox
          members={members.filter((member) => member.userId !== userId)}
          pending={addComment.isPending}
          onSend={async (body) => {
            try {
              await addComment.mutateAsync(body);
              return true;
            } catch (caught) {
              toast.error(userFacingMessage(caught, 'The comment could not be posted.'));
              return false;
            }
          }}
        />
      </div>
    </>
  );
}
