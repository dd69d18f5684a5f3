import { useEffect, useState } from 'react';
import { TextField } from '../../../components/ui/form';
import { getErrorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useEditMe } from '../api/edit-me';
import { useProfile } from '../api/get-profile';

export const MAX_BIO = 300;

/** /profile: the short bio and the avatar's address shown on your author page. */
export function AboutForm({ userId }: { userId: number }) {
  const profile = useProfile(userId);
  const save = useEditMe();
  const [bio, setBio] = useState('');
  const [avatar, setAvatar] = useState('');
  useEffect(() => {
    if (!profile.data) return;
    setBio(profile.data.bio);
    setAvatar(profile.data.profileImageUrl ?? '');
  }, [profile.data]);
  const tooLong = bio.length > MAX_BIO ? `Bio must be at most ${MAX_BIO} characters` : undefined;
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (tooLong) return;
    save.mutate(
      { bio, profileImageUrl: avatar.trim() || null },
      {
        onSuccess: () => toast({ title: 'Profile saved', variant: 'success' }),
        onError: (error) => toast({ title: 'Could not save', description: getErrorMessage(error), variant: 'destructive' }),
      },
    );
  };
  return (
    <form className="panel stack" aria-label="About you" onSubmit={submit}>
      <h2 className="section-title">About you</h2>
      <TextField label="Bio" multiline rows={3} value={bio} onChange={setBio} error={tooLong} hint={`${bio.length}/${MAX_BIO} · shown on your author page`} placeholder="What keeps you up at night?" />
      <TextField label="Avatar image address" value={avatar} onChange={setAvatar} placeholder="https://…" maxLength={500} />
      <div className="row-sm">
        <button type="submit" className="btn btn-primary btn-sm" disabled={save.isPending || !!tooLong}>
          {save.isPending ? 'Saving...' : 'Save'}
        </button>
        <a className="btn btn-ghost btn-sm" href={`/u/${userId}`}>
          View your author page
        </a>
      </div>
    </form>
  );
}
