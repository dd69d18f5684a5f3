import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Icon } from '../../../components/ui/icons';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { SelectField, SwitchField, TextField } from '../../../components/ui/form';
import { getErrorMessage } from '../../../lib/api-client';
import { useUserContent } from '../../../lib/content/content-queries';
import { toast } from '../../../lib/toast';
import { useAddPart, useDeleteSeries, useUpdateSeries } from '../api/series';
import type { Series } from '../../../types/api';

const failed = (title: string) => (error: unknown) => toast({ title, description: getErrorMessage(error), variant: 'destructive' });

/** The owner's tools on the series page: rename, add one of their stories, write the next part, delete. */
export function SeriesOwnerTools({ series }: { series: Series }) {
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const [title, setTitle] = useState(series.title);
  const [description, setDescription] = useState(series.description);
  const [isPublic, setIsPublic] = useState(series.isPublic);
  const [adding, setAdding] = useState('');
  const [deleting, setDeleting] = useState(false);
  const update = useUpdateSeries(series.id);
  const add = useAddPart(series.id);
  const remove = useDeleteSeries(series.id);
  const mine = useUserContent('story', series.userId);
  const candidates = (mine.data ?? []).filter((story) => story.seriesId !== series.id);

  const save = () =>
    update.mutate({ title: title.trim(), description: description.trim(), isPublic }, { onSuccess: () => setEditing(false), onError: failed('Could not save') });
  const addStory = () =>
    add.mutate(Number(adding), {
      onSuccess: () => {
        setAdding('');
        toast({ title: 'Part added', description: 'The story is now the last part of the series.' });
      },
      onError: failed('Could not add the story'),
    });
  const deleteSeries = () => remove.mutate(undefined, { onSuccess: () => navigate(`/u/${series.userId}`), onError: failed('Could not delete') });

  return (
    <section className="panel stack-sm" aria-label="Manage series">
      <div className="row-sm wrap">
        <Link className="btn btn-primary btn-sm" to={`/create?series=${series.id}`}>
          <Icon name="sparkles" size={15} /> Write the next part
        </Link>
        <button type="button" className="btn btn-outline btn-sm" onClick={() => setEditing(!editing)} aria-expanded={editing}>
          <Icon name="edit" size={15} /> Rename
        </button>
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => setDeleting(true)}>
          <Icon name="trash" size={15} /> Delete series
        </button>
      </div>
      {editing && (
        <div className="stack-sm">
          <TextField label="Title" value={title} onChange={setTitle} maxLength={200} required />
          <TextField label="Description" value={description} onChange={setDescription} multiline maxLength={2000} />
          <SwitchField label="Public" checked={isPublic} onChange={setIsPublic} hint="A private series is yours alone." />
          <div className="row-sm">
            <button type="button" className="btn btn-primary btn-sm" onClick={save} disabled={update.isPending || !title.trim()}>
              {update.isPending ? 'Saving...' : 'Save'}
            </button>
          </div>
        </div>
      )}
      {candidates.length > 0 && (
        <div className="row-sm wrap series-add">
          <SelectField
            label="Add one of your stories"
            value={adding}
            onChange={setAdding}
            placeholder="Choose a story"
            options={candidates.map((story) => ({ value: story.id, label: story.title }))}
          />
          <button type="button" className="btn btn-outline btn-sm" onClick={addStory} disabled={!adding || add.isPending}>
            <Icon name="plus" size={15} /> Add as the next part
          </button>
        </div>
      )}
      <ConfirmDialog
        open={deleting}
        onClose={() => setDeleting(false)}
        onConfirm={deleteSeries}
        pending={remove.isPending}
        title="Delete this series?"
        description="The series goes; its stories stay, each a story on its own."
      />
    </section>
  );
}
