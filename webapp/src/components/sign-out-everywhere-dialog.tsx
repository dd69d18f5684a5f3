import { useState } from 'react';
import { signOutEverywhere } from '../lib/auth';
import { ConfirmDialog } from './ui/dialog';

/** "Sign out everywhere?": asked before every session of the account ends (this one too). */
export function SignOutEverywhereDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [pending, setPending] = useState(false);
  return (
    <ConfirmDialog
      open={open}
      onClose={onClose}
      title="Sign out everywhere?"
      description="Every device signed in to your account will be signed out, this one included, and “Remember me” will be forgotten everywhere."
      confirmLabel="Sign out everywhere"
      pendingLabel="Signing out..."
      pending={pending}
      onConfirm={async () => {
        setPending(true);
        await signOutEverywhere();
        setPending(false);
      }}
    />
  );
}
