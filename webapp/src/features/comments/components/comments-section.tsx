import { useMemo, useRef, useState } from 'react';
import { AuthorLink } from '../../../components/author-link';
import { Avatar } from '../../../components/ui/avatar';
import { Badge } from '../../../components/ui/badge';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { Icon } from '../../../components/ui/icons';
import { AvatarRowsSkeleton } from '../../../components/ui/skeleton';
import { ReportButton } from '../../../components/report-button';
import { LOGIN_URL, closeThen, failureToast, requireSignIn, useAuth } from '../../../lib/auth';
import { displayName, formatRelative, isEdited } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useComments, useCreateComment, useDeleteComment, useUpdateComment } from '../api/comments';
import type { Comment, ContentType } from '../../../types/api';

type Props = { type: ContentType; id: number; allowComments?: boolean };

/** Top-level comments with one reply level, inline edit and reply modes. */
export function CommentsSection({ type, id, allowComments = true }: Props) {
  const { isAuthenticated } = useAuth();
  const comments = useComments(type, id);
  const { post, create } = usePostComment(isAuthenticated);
  const [text, setText] = useState('');

  const threads = useMemo(() => {
    const all = comments.data ?? [];
    const top = all.filter((c) => !c.parentId);
    const replies = (parent: number) =>
      all.filter((c) => c.parentId === parent).sort((a, b) => new Date(a.createdAt).getTime() - new Date(b.createdAt).getTime());
    return top.map((c) => ({ comment: c, replies: replies(c.id) }));
  }, [comments.data]);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    post('comment', { type, id, content: text }, () => setText(''));
  };

  return (
    <section id="comments" className="comments" aria-labelledby="comments-title">
      <h2 id="comments-title" className="section-title">
        <Icon name="comment" /> Comments ({comments.data?.length ?? 0})
      </h2>
      {!allowComments ? (
        <p className="muted">Comments are disabled for this {type}.</p>
      ) : isAuthenticated ? (
        <form className="comment-form" onSubmit={submit}>
          <label htmlFor={`new-comment-${type}-${id}`} className="sr-only">
            Write a comment
          </label>
          <textarea
            id={`new-comment-${type}-${id}`}
            className="input"
            rows={3}
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder="Share your thoughts on this nightmare..."
          />
          <div className="row end">
            <button type="submit" className="btn btn-primary btn-sm" disabled={create.isPending}>
              {create.isPending ? 'Posting...' : 'Post Comment'}
            </button>
          </div>
        </form>
      ) : (
        <div className="comment-signin">
          <p className="muted">Sign in to join the conversation.</p>
          <a className="btn btn-outline btn-sm" href={LOGIN_URL}>
            Sign In to Comment
          </a>
        </div>
      )}

      {comments.isLoading ? (
        <div className="stack">
          <AvatarRowsSkeleton rowClassName="comment" lines={['skeleton-line short', 'skeleton-line']} />
        </div>
      ) : comments.isError ? (
        <p className="muted">Failed to fetch comments</p>
      ) : threads.length === 0 ? (
        <p className="muted">No comments yet. Be the first to share your fear.</p>
      ) : (
        <ul className="comment-list">
          {threads.map(({ comment, replies }) => (
            <li key={comment.id}>
              <CommentItem comment={comment} type={type} contentId={id} canReply={allowComments} />
              {replies.length > 0 && (
                <ul className="reply-list">
                  {replies.map((r) => (
                    <li key={r.id}>
                      <CommentItem comment={r} type={type} contentId={id} canReply={false} />
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function CommentItem({ comment, type, contentId, canReply }: { comment: Comment; type: ContentType; contentId: number; canReply: boolean }) {
  const { user, isAuthenticated } = useAuth();
  const isAuthor = !!user && String(user.id) === String(comment.userId);
  const [mode, setMode] = useState<'view' | 'edit' | 'reply'>('view');
  const [draft, setDraft] = useState('');
  const cancelled = useRef<typeof mode>('view');
  const [confirm, setConfirm] = useState(false);
  const update = useUpdateComment();
  const remove = useDeleteComment();
  const { post, create } = usePostComment(isAuthenticated);
  const target = { type, parentContentId: contentId, commentId: comment.id };

  const saveEdit = () => {
    const content = draft.trim();
    if (!content) {
      toast({ title: 'Error', description: 'Please enter comment content', variant: 'destructive' });
      return;
    }
    update.mutate(
      { ...target, content },
      {
        onSuccess: () => {
          setMode('view');
          toast({ title: 'Comment updated successfully!' });
        },
        onError: failureToast('Failed to update comment. Please try again.'),
      },
    );
  };

  // Cancel or Escape: back to the comment, the keyboard on the Edit or Reply button that opened the form.
  const cancel = () => {
    cancelled.current = mode;
    setMode('view');
  };
  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key !== 'Escape') return;
    e.stopPropagation();
    cancel();
  };
  /** Reply or edit: the form opens with ``text`` in it. */
  const begin = (next: typeof mode, text: string) => {
    setDraft(text);
    setMode(next);
  };
  const focusIfCancelled = (from: typeof mode) => (button: HTMLButtonElement | null) => {
    if (!button || cancelled.current !== from) return;
    cancelled.current = 'view';
    button.focus();
  };

  const sendReply = () => {
    post('reply', { type, id: contentId, content: draft, parentId: comment.parentId || comment.id }, () => {
      setMode('view');
      setDraft('');
    });
  };

  return (
    <div className="comment">
      <Avatar user={comment.user} size={36} />
      <div className="comment-body">
        <div className="comment-head">
          <strong><AuthorLink user={comment.user}>{displayName(comment.user)}</AuthorLink></strong>
          <span className="muted small">{formatRelative(comment.createdAt)}</span>
          {isEdited(comment.createdAt, comment.updatedAt) && <Badge variant="outline">Edited</Badge>}
        </div>
        {mode === 'edit' ? (
          <div className="stack-sm" onKeyDown={onKeyDown}>
            <label className="sr-only" htmlFor={`edit-${comment.id}`}>Edit comment</label>
            <textarea id={`edit-${comment.id}`} className="input" rows={3} value={draft} onChange={(e) => setDraft(e.target.value)} autoFocus />
            <SubmitRow onSubmit={saveEdit} pending={update.isPending} label="Save" pendingLabel="Saving..." onCancel={cancel} />
          </div>
        ) : (
          <p className="comment-text">{comment.content}</p>
        )}
        {mode === 'view' && (
          <div className="comment-actions">
            {canReply && (
              <button
                ref={focusIfCancelled('reply')}
                type="button"
                className="btn btn-ghost btn-xs"
                onClick={() => requireSignIn(isAuthenticated, 'reply') && begin('reply', '')}
              >
                Reply
              </button>
            )}
            {isAuthor && (
              <>
                <button
                  ref={focusIfCancelled('edit')}
                  type="button"
                  className="btn btn-ghost btn-xs"
                  onClick={() => begin('edit', comment.content)}
                >
                  <Icon name="edit" size={13} /> Edit
                </button>
                <button type="button" className="btn btn-ghost btn-xs danger-text" onClick={() => setConfirm(true)}>
                  <Icon name="trash" size={13} /> Delete
                </button>
              </>
            )}
            {!isAuthor && <ReportButton type="comment" id={comment.id} compact />}
          </div>
        )}
        {mode === 'reply' && (
          <div className="stack-sm reply-form" onKeyDown={onKeyDown}>
            <label className="sr-only" htmlFor={`reply-${comment.id}`}>Write a reply</label>
            <textarea
              id={`reply-${comment.id}`}
              className="input"
              rows={2}
              value={draft}
              onChange={(e) => setDraft(e.target.value)}
              placeholder={`Reply to ${displayName(comment.user)}...`}
              autoFocus
            />
            <SubmitRow onSubmit={sendReply} pending={create.isPending} label="Post Reply" pendingLabel="Posting..." onCancel={cancel} />
          </div>
        )}
      </div>
      <ConfirmDialog
        open={confirm}
        onClose={() => setConfirm(false)}
        title="Delete comment?"
        description="Are you sure you want to delete this comment? This action cannot be undone."
        pending={remove.isPending}
        onConfirm={() =>
          remove.mutate(target, closeThen(() => setConfirm(false), 'Comment deleted successfully!', 'Failed to delete comment. Please try again.'))
        }
      />
    </div>
  );
}

/** The small Save / Post Reply button (its pending label while sending) and Cancel under an inline editor. */
function SubmitRow({ onSubmit, pending, label, pendingLabel, onCancel }: { onSubmit: () => void; pending: boolean; label: string; pendingLabel: string; onCancel: () => void }) {
  return (
    <div className="row-sm">
      <button type="button" className="btn btn-primary btn-xs" onClick={onSubmit} disabled={pending}>
        {pending ? pendingLabel : label}
      </button>
      <button type="button" className="btn btn-ghost btn-xs" onClick={onCancel}>
        Cancel
      </button>
    </div>
  );
}

/** Posts a comment or a reply after the checks both forms make (signed in, not empty), with the outcome's toast. */
function usePostComment(isAuthenticated: boolean) {
  const create = useCreateComment();
  const post = (what: 'comment' | 'reply', input: { type: ContentType; id: number; content: string; parentId?: number | null }, posted: () => void) => {
    if (!requireSignIn(isAuthenticated, what)) return;
    const content = input.content.trim();
    if (!content) {
      toast({ title: 'Error', description: `Please enter a ${what}`, variant: 'destructive' });
      return;
    }
    create.mutate(
      { ...input, content },
      {
        onSuccess: () => {
          posted();
          toast({ title: 'Comment posted successfully!' });
        },
        onError: failureToast('Failed to post comment. Please try again.'),
      },
    );
  };
  return { post, create };
}
