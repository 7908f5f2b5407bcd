import { commentSegments, type Comment } from '@complivue/shared/schemas/collaboration';
import { hasRoleAtLeast } from '@complivue/shared/roles';
import { History, Paperclip, Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { QueryState } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ModalDialog } from '@/components/ui/modal-dialog';
import { paths } from '@/config/paths';
import { userFacingMessage } from '@/lib/api-client';
import { formatBytes } from '@/lib/format-bytes';
import { formatDateTime } from '@/lib/format-day';
import { useSession } from '@/lib/session';
import {
  useAddComment,
  useCollaborationMembers,
  useCommentRevisions,
  useDeleteComment,
  useDiscussion,
  useEditComment,
  useLiveDiscussion,
  type SubjectId,
} from './api.ts';
import { CommentBox } from './comment-box.tsx';
import { SubjectTasks } from './subject-tasks.tsx';

export function CommentText({ body }: { body: string }) {
  return (
    <p className="text-sm whitespace-pre-wrap text-slate-900">
      {commentSegments(body).map((segment, index) =>
        segment.kind === 'text' ? (
          <span key={index}>{segment.text}</span>
        ) : (
          <span key={index} className="rounded bg-brand-50 px-0.5 font-medium text-brand-800">
            @{segment.name}
          </span>
        ),
      )}
    </p>
  );
}

/** What a comment said before each edit or its deletion: the administrators' trail. */
function RevisionsDialog({ commentId, onClose }: { commentId: string; onClose: () => void }) {
  const revisions = useCommentRevisions(commentId);
  return (
    <ModalDialog open onClose={onClose} title="Comment history">
      <QueryState query={revisions} loading="Loading the comment's history">
        {(data) => (
          <ol className="space-y-3">
            {data.revisions.map((revision, index) => (
              <li key={index} className="rounded-md border border-slate-200 p-3">
                <p className="text-xs text-slate-700">
                  {revision.change === 'edited' ? 'Before the edit' : 'Deleted'} by{' '}
                  {revision.changedByName}, {formatDateTime(revision.createdAt)}
                </p>
                <div className="mt-1">
                  <CommentText body={revision.body} />
                </div>
              </li>
            ))}
          </ol>
        )}
      </QueryState>
    </ModalDialog>
  );
}

function CommentItem({
  subject,
  comment,
  mine,
  isAdmin,
  members,
}: {
  subject: SubjectId;
  comment: Comment;
  mine: boolean;
  isAdmin: boolean;
  members: Parameters<typeof CommentBox>[0]['members'];
}) {
  const [editing, setEditing] = useState(false);
  const [showHistory, setShowHistory] = useState(false);
  const edit = useEditComment(subject);
  const remove = useDeleteComment(subject);
  const deleted = comment.deletedAt !== null;
  const changed = deleted || comment.editedAt !== null;
  return (
    <li className="rounded-md bg-slate-50 p-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="text-xs text-slate-700">
          <span className="font-semibold text-slate-900">{comment.authorName}</span> ·{' '}
          {formatDateTime(comment.createdAt)}
          {comment.editedAt && !deleted && (
            <span title={`Edited ${formatDateTime(comment.editedAt)}`}> · edited</span>
          )}
        </p>
        {!deleted && !editing && (
          <div className="flex gap-1">
            {mine && (
              <Button
                variant="ghost"
                size="sm"
                onClick={() => setEditing(true)}
                aria-label={`Edit your comment of ${formatDateTime(comment.createdAt)}`}
              >
                <Pencil aria-hidden="true" className="size-4" /> Edit
              </Button>
            )}
            {(mine || isAdmin) && (
              <ConfirmDialog
                trigger={
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={`Delete the comment by ${comment.authorName} of ${formatDateTime(comment.createdAt)}`}
                  >
                    <Trash2 aria-hidden="true" className="size-4" /> Delete
                  </Button>
                }
                title="Delete this comment?"
                description="The discussion will show that a comment was deleted; administrators can still read what it said."
                confirmLabel="Delete comment"
                onConfirm={() =>
                  remove
                    .mutateAsync(comment.id)
                    .catch((caught: unknown) =>
                      toast.error(userFacingMessage(caught, 'The comment could not be deleted.')),
                    )
                }
              />
            )}
          </div>
        )}
        {isAdmin && changed && (
          <Button variant="ghost" size="sm" onClick={() => setShowHistory(true)}>
            <History aria-hidden="true" className="size-4" /> History
          </Button>
        )}
      </div>
      <div className="mt-1">
        {deleted ? (
          <p className="text-sm text-slate-700 italic">
            This comment was deleted ({formatDateTime(comment.deletedAt!)}).
          </p>
        ) : editing ? (
          <CommentBox
            members={members}
            initial={comment.body}
            pending={edit.isPending}
            onCancel={() => setEditing(false)}
            onSend={async (body) => {
              try {
                await edit.mutateAsync({ commentId: comment.id, body });
                setEditing(false);
                return true;
              } catch (caught) {
                toast.error(userFacingMessage(caught, 'The comment could not be saved.'));
                return false;
              }
            }}
          />
        ) : (
          <>
            {comment.body && <CommentText body={comment.body} />}
            {comment.attachment && (
              <a
                href={`/api/comments/${comment.id}/attachment`}
                className="mt-1 inline-flex items-center gap-1 text-sm text-brand-700 underline-offset-2 hover:underline"
              >
                <Paperclip aria-hidden="true" className="size-4" />
                {comment.attachment.fileName}
                <span className="text-slate-700">
                  ({formatBytes(comment.attachment.sizeBytes)})
                </span>
              </a>
            )}
          </>
        )}
      </div>
      {showHistory && (
        <RevisionsDialog commentId={comment.id} onClose={() => setShowHistory(false)} />
      )}
    </li>
  );
}

/**
 * The discussion of one object: its tasks, its comments oldest first, both kept live (what
 * anyone adds appears without a reload), and the box to add a comment with @mentions.
 * `onChange` also refreshes what else a comment changes (a change's history).
 */
export function Discussion({ subject, onChange }: { subject: SubjectId; onChange?: () => void }) {
  // A change's tasks are its own workflow's steps, on the change's Tasks tab.
  const withTasks = subject.type !== 'change';
  const session = useSession();
  const discussion = useDiscussion(subject);
  const members = useCollaborationMembers();
  const add = useAddComment(subject);
  useLiveDiscussion(subject, onChange);
  const userId = session.data?.user.id;
  const isAdmin = hasRoleAtLeast(session.data?.profile.role ?? 'user', 'admin');
  const others = (members.data?.members ?? []).filter((member) => member.userId !== userId);

  return (
    <QueryState query={discussion} loading="Loading the discussion">
      {(data) => (
        <div className="space-y-3">
          {withTasks && <SubjectTasks subject={subject} members={members.data?.members ?? []} />}
          {data.comments.length === 0 ? (
            <p className="text-sm text-slate-700">No comments yet.</p>
          ) : (
            <ol className="space-y-3" aria-label="Comments">
              {data.comments.map((comment) => (
                <CommentItem
                  key={comment.id}
                  subject={subject}
                  comment={comment}
                  mine={comment.authorId === userId}
                  isAdmin={isAdmin}
                  members={others}
                />
              ))}
            </ol>
          )}
          <p className="sr-only" aria-live="polite">
            {data.comments.length === 1 ? '1 comment' : `${data.comments.length} comments`}
          </p>
          <Link
            to={`${paths.collaboration}?view=activity&subject=${encodeURIComponent(`${subject.type}:${subject.id}`)}`}
            className="inline-block text-sm text-brand-700 underline-offset-2 hover:underline"
          >
            Everything the team did on this item
          </Link>
          <CommentBox
            members={others}
            pending={add.isPending}
            onSend={async (body, file) => {
              try {
                await add.mutateAsync({ body, file });
                onChange?.();
                return true;
              } catch (caught) {
                toast.error(userFacingMessage(caught, 'The comment could not be posted.'));
                return false;
              }
            }}
          />
        </div>
      )}
    </QueryState>
  );
}
