import { LOGIN_URL, useAuth } from '../../../lib/auth';
import { getErrorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useFollow } from '../api/follow';
import type { Profile } from '../../../types/api';

/** Follow / Unfollow on an author's page; a sign-in link for visitors, nothing on one's own page. */
export function FollowButton({ profile }: { profile: Profile }) {
  const { user } = useAuth();
  const follow = useFollow(profile.id);
  if (user && String(user.id) === String(profile.id)) return null;
  if (!user) {
    return (
      <a className="btn btn-primary btn-sm" href={`${LOGIN_URL}?next=${encodeURIComponent(`/u/${profile.id}`)}`}>
        Sign in to follow
      </a>
    );
  }
  const following = profile.isFollowedByUser;
  const toggle = () =>
    follow.mutate(!following, { onError: (error) => toast({ title: 'Could not update', description: getErrorMessage(error), variant: 'destructive' }) });
  return (
    <button type="button" className={`btn btn-sm ${following ? 'btn-outline' : 'btn-primary'}`} aria-pressed={following} onClick={toggle} disabled={follow.isPending}>
      {following ? 'Unfollow' : 'Follow'}
    </button>
  );
}
