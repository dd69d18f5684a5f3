import { useQueryClient } from '@tanstack/react-query';
import { SwitchField } from '../../../components/ui/form';
import { getErrorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import type { User } from '../../../types/api';
import { useEditMe } from '../api/edit-me';

/** /profile: show mature (18+) stories and videos (off until the reader turns it on). */
export function MatureSetting({ user }: { user: User }) {
  const client = useQueryClient();
  const save = useEditMe();
  const change = (showMature: boolean) =>
    save.mutate(
      { showMature },
      {
        onSuccess: () => {
          void client.invalidateQueries(); // every feed and page: mature items open (or close)
          toast({ title: showMature ? 'Mature content shown' : 'Mature content hidden', variant: 'success' });
        },
        onError: (error) => toast({ title: 'Could not save', description: getErrorMessage(error), variant: 'destructive' }),
      },
    );
  return (
    <section className="panel stack" id="mature" aria-labelledby="mature-title">
      <h2 id="mature-title" className="section-title">
        Mature content
      </h2>
      <SwitchField
        label="Show mature (18+) stories and videos"
        hint="Off: they appear as blurred cards. Your own are always shown to you."
        checked={!!user.showMature}
        onChange={change}
      />
    </section>
  );
}
