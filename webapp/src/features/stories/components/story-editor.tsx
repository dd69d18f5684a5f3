import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Icon } from '../../../components/ui/icons';
import { SelectField, SwitchField, TextField } from '../../../components/ui/form';
import { ShareDropdown } from '../../../components/content/share-dropdown';
import { GENRES, MOODS } from '../../../lib/constants';
import { copyText } from '../../../lib/clipboard';
import { firstMood } from '../../../lib/format';
import { getErrorMessage, getErrorStatus } from '../../../lib/api-client';
import { isSessionError } from '../../../lib/auth';
import { toast } from '../../../lib/toast';
import { useUpdateStory } from '../api/update-story';
import { StoryTextEditor } from './story-text-editor';
import { StoryAiPanel } from './story-ai-panel';
import type { Story } from '../../../types/api';
import { PageHeader } from '../../../components/page-header';
import { writtenWith } from '../utils/writer';
import { LabelFields } from '../../../components/content/label-fields';
import { labelsOf } from '../../../lib/content/labels';
import { useUnsavedChangesGuard } from '../../../components/unsaved-changes-guard';

/** The story edit screen (owner only; the route checks access). */
/** The fields the editor changes, from the saved story. */
const editableFields = (story: Story) => ({
  title: story.title ?? '',
  content: story.content ?? '',
  genre: story.genre ?? '',
  mood: firstMood(story.mood),
  isPublic: story.isPublic !== false,
  allowComments: story.allowComments !== false,
  ...labelsOf(story),
});

export function StoryEditor({ story }: { story: Story }) {
  const navigate = useNavigate();
  const update = useUpdateStory();
  const [mode, setMode] = useState<'edit' | 'preview'>('edit');
  const [form, setForm] = useState(() => editableFields(story));
  /** the fields as last saved: leaving with anything else asks first */
  const [saved, setSaved] = useState(() => editableFields(story));
  const [caret, setCaret] = useState(0);
  useEffect(() => {
    setForm(editableFields(story));
    setSaved(editableFields(story));
  }, [story.id]);
  const guard = useUnsavedChangesGuard(JSON.stringify(form) !== JSON.stringify(saved), {
    description: 'Your changes to this story have not been saved. Leave the editor and lose them?',
  });
  const set = (key: keyof typeof form) => (v: any) => setForm((f) => ({ ...f, [key]: v }));

  const saveChanges = () =>
    update.mutate(
      { id: story.id, data: form },
      {
        onSuccess: (story) => {
          // as the server saved it
          setForm(editableFields(story));
          setSaved(editableFields(story));
          toast({ title: 'Story Updated', description: 'Your changes have been saved.' });
        },
        onError: (error) => {
          if (isSessionError(error)) return;
          // a refusal the server explains (400: what to fix) says so; anything else, try again
          const description = getErrorStatus(error) === 400 ? getErrorMessage(error) : 'Failed to update story. Please try again.';
          toast({ title: 'Update Failed', description, variant: 'destructive' });
        },
      },
    );

  const copyContent = async () => {
    const ok = await copyText(form.content);
    toast(ok ? { title: 'Copied!', description: 'Story content copied to clipboard.' } : { title: 'Copy failed', variant: 'destructive' });
  };

  const download = () => {
    const blob = new Blob([`${form.title}\n\n${form.content}`], { type: 'text/plain;charset=utf-8' });
    const url = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = url;
    a.download = `${(form.title || 'story').replace(/[\\/:*?"<>|]+/g, '').trim() || 'story'}.txt`;
    document.body.appendChild(a);
    a.click();
    a.remove();
    URL.revokeObjectURL(url);
    toast({ title: 'Downloaded!', description: `${a.download} saved.` });
  };

  return (
    <div className="container page">
      <div className="row between wrap">
        <Link to={`/story/${story.id}`} className="btn btn-ghost btn-sm">
          <Icon name="back" size={16} /> Back to Story
        </Link>
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => navigate('/')}>
          Go Home
        </button>
      </div>
      <PageHeader icon="edit" iconSize={26} title="Edit Story">
        {story.writer && <p className="muted small writer-note">{writtenWith(story.writer)}</p>}
      </PageHeader>
      <div className="editor-layout">
        <section className="panel" aria-label="Story text">
          <TextField label="Title" value={form.title} onChange={set('title')} maxLength={200} required
            error={form.title.trim() ? undefined : 'Give your story a title to save your changes.'} />
          <StoryTextEditor value={form.content} onChange={set('content')} mode={mode} onModeChange={setMode} onCaret={setCaret} />
        </section>
        <aside className="stack">
          <section className="panel" aria-labelledby="edit-settings-title">
            <h2 id="edit-settings-title" className="panel-title">Story Settings</h2>
            <SelectField label="Genre" value={form.genre} onChange={set('genre')} options={GENRES} />
            <SelectField label="Mood" value={form.mood} onChange={set('mood')} options={MOODS} />
            <SwitchField label="Public" checked={form.isPublic} onChange={set('isPublic')} />
            <SwitchField label="Allow comments" checked={form.allowComments} onChange={set('allowComments')} />
            <LabelFields value={form} onChange={setForm} />
          </section>
          <section className="panel">
            <StoryAiPanel content={form.content} onContent={set('content')} storyId={story.id} withContinue caret={caret} />
          </section>
          <section className="panel" aria-labelledby="actions-title">
            <h2 id="actions-title" className="panel-title">Actions</h2>
            <div className="stack-sm">
              <button type="button" className="btn btn-primary btn-block" onClick={saveChanges} disabled={update.isPending || !form.content.trim() || !form.title.trim()}>
                <Icon name="save" size={16} /> {update.isPending ? 'Saving...' : 'Save Changes'}
              </button>
              <button type="button" className="btn btn-outline btn-block" onClick={copyContent}>
                <Icon name="copy" size={16} /> Copy Content
              </button>
              <ShareDropdown type="story" id={story.id} title={form.title} buttonLabel="Share Story" className="btn btn-outline btn-block" />
              <button type="button" className="btn btn-outline btn-block" onClick={download}>
                <Icon name="download" size={16} /> Download .txt
              </button>
            </div>
          </section>
        </aside>
      </div>
      {guard.dialog}
    </div>
  );
}
