import { useRef, useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { useUnsavedChangesGuard } from '../../../components/unsaved-changes-guard';
import { Link, useNavigate } from 'react-router-dom';
import { Icon } from '../../../components/ui/icons';
import { ProgressBar } from '../../../components/ui/progress';
import { TextField } from '../../../components/ui/form';
import { stoppedByUser, useJobRunner } from '../../../lib/jobs';
import { handledUnauthorized, isSessionError } from '../../../lib/auth';
import { toast } from '../../../lib/toast';
import { startStoryGeneration, startStoryOutline, type GeneratePayload, type GenerateResult, type OutlineResult } from '../api/story-ai';
import type { Draft, NextPart, StoryPlan } from '../../../types/api';
import { planProblem } from '../utils/plan-edits';
import { StoryPlanEditor } from './story-plan-editor';
import { useCreateContent } from '../../../lib/content/content-mutations';
import { DEFAULT_STORY_SETTINGS, StorySettingsForm, validateStorySettings, type StoryErrors, type StorySettings } from './story-settings-form';
import { StoryTextEditor } from './story-text-editor';
import { StoryAiPanel } from './story-ai-panel';
import { PageHeader } from '../../../components/page-header';
import { writtenWith } from '../utils/writer';
import { useStoryDraft, type DraftContent, type DraftStatus } from '../hooks/use-story-draft';
import { DraftOffer } from './draft-offer';

/** The story as it stood before Regenerate or Generate New replaced it (Undo puts it back). */
type Replaced = Omit<DraftContent, 'settings'> & { written: string };

/** A question before the author's edited text is replaced. */
type Confirm = { title: string; description: string; confirmLabel: string; run: () => void };

const DRAFT_STATUS: Record<DraftStatus, string> = { idle: '', saving: 'Saving draft...', saved: 'Draft saved', failed: 'Draft not saved: it is retried on the next change', conflict: '' };

type NextPartOf = Pick<NextPart, 'seriesId' | 'seriesTitle' | 'part'>;

/** What POST /api/stories/generate is sent: the scene, the length, the title as a suggestion. */
function generationRequest({ title, mood, storyLength, isPublic: _public, allowComments: _comments, ...scene }: StorySettings): GeneratePayload {
  return { ...scene, mood: [mood], storyLength, suggestedTitle: title };
}

/** The title the server gives a story saved without one (SPEC: '{genre} Story in {setting}'). */
function defaultTitle({ genre, setting }: StorySettings): string {
  const place = setting.trim();
  return place ? `${genre} Story in ${place}` : `${genre} Story`;
}

/** /create: settings → (outline → the plan, edited →) generating (real job progress) → editor → saved
 * with the plan it was written from. */
export function StoryCreate({ initial, series }: { initial?: Partial<StorySettings>; series?: NextPartOf }) {
  const navigate = useNavigate();
  /** the next part of a series: its plan starts from the last part's, and it is saved as that part */
  const inSeries = series ? { seriesId: series.seriesId } : {};
  const [settings, setSettings] = useState<StorySettings>({ ...DEFAULT_STORY_SETTINGS, ...initial });
  const [errors, setErrors] = useState<StoryErrors>({});
  const [content, setContent] = useState('');
  const [title, setTitle] = useState('');
  const [mode, setMode] = useState<'edit' | 'preview'>('edit');
  const job = useJobRunner();
  const save = useCreateContent('story');
  const [generated, setGenerated] = useState(false);
  /** the plan: the outline being edited before the story is written, then the one it was written from */
  const [plan, setPlan] = useState<StoryPlan | null>(null);
  const [working, setWorking] = useState<'outline' | 'story'>('story');
  /** the outline's seed: the story written from it draws on the same one */
  const [seed, setSeed] = useState<number | null>(null);
  const [writer, setWriter] = useState('');
  /** the text as the writer gave it: the author edited it when the editor's text differs */
  const [written, setWritten] = useState('');
  const [replaced, setReplaced] = useState<Replaced | null>(null);
  const [confirm, setConfirm] = useState<Confirm | null>(null);
  const [startSettings] = useState(() => JSON.stringify(settings));
  const hasWork = (generated && !!content.trim()) || plan !== null || JSON.stringify(settings) !== startSettings;
  const draft = useStoryDraft({ settings, title, content, writer, plan }, hasWork);
  const guard = useUnsavedChangesGuard(hasWork, {
    description:
      draft.status === 'saved'
        ? 'Your story is not saved yet. It is kept as your draft: come back to Create to resume it. Leave this page?'
        : 'Your story is not saved yet. Leave this page and lose it?',
  });
  const edited = generated && content.trim() !== '' && content !== written;

  /** the story Undo would put back, and its toast: both go once the author types (Undo would drop what they typed);
   * `carried`: replaced by an outline, the story stays undoable through the story written from it */
  const undoable = useRef<{ before: Replaced; dismiss: () => void; carried: boolean } | null>(null);
  const dropUndo = () => {
    if (!undoable.current) return;
    undoable.current.dismiss();
    undoable.current = null;
    setReplaced(null);
  };
  const editContent = (next: string) => {
    setContent(next);
    dropUndo();
  };
  const editTitle = (next: string) => {
    setTitle(next);
    dropUndo();
  };

  const snapshot = (): Replaced => ({ title, content, plan, writer, written });
  const restore = (before: Replaced) => {
    setTitle(before.title);
    setContent(before.content);
    setPlan(before.plan);
    setWriter(before.writer);
    setWritten(before.written);
    setGenerated(true);
    setReplaced(null);
    undoable.current?.dismiss();
    undoable.current = null;
    setMode('edit');
    toast({ title: 'Story Restored', description: 'Your text is back as it was before.' });
  };
  /** Offer Undo in a toast and beside the text, for the story `before` that was replaced. */
  const offerUndo = (before: Replaced, title: string, description: string, carried = false) => {
    undoable.current?.dismiss();
    setReplaced(before);
    const undo = () => {
      // pressed as the author typed (the toast not gone yet): their new text stays
      if (undoable.current?.before === before) restore(before);
    };
    const shown = toast({ title, description, duration: 12000, action: { label: 'Undo', onClick: undo } });
    undoable.current = { before, dismiss: shown.dismiss, carried };
  };
  /** The story a new outline or story replaces (Undo puts it back), or null: then no older offer
   * survives (Undo would bring back a story the author cleared and drop the new one). */
  const replacing = (): Replaced | null => {
    if (generated && content.trim()) return snapshot();
    if (undoable.current?.carried) return undoable.current.before;
    dropUndo();
    return null;
  };
  const editPlan = (next: StoryPlan) => {
    setPlan(next);
    dropUndo();
  };

  /** `run`, after asking when it would replace text the author edited. */
  const askIfEdited = (question: Omit<Confirm, 'run'>, run: () => void) => (edited ? setConfirm({ ...question, run }) : run());

  const onSettings = (next: StorySettings) => {
    setSettings(next);
    if (Object.keys(errors).length) setErrors(validateStorySettings(next));
  };

  const settingsValid = () => {
    const found = validateStorySettings(settings);
    setErrors(found);
    if (Object.keys(found).length) {
      toast({ title: 'Validation Error', description: 'Please fill in all required fields.', variant: 'destructive' });
      return false;
    }
    return true;
  };

  const outline = async () => {
    if (!settingsValid()) return;
    const before = replacing();
    setWorking('outline');
    try {
      const drawn = Math.floor(Math.random() * 2 ** 31);
      const result = await job.run<OutlineResult>(() => startStoryOutline({ ...generationRequest(settings), ...inSeries, seed: drawn }));
      setPlan(result.plan);
      setSeed(drawn);
      setGenerated(false);
      if (before) {
        // the story leaves the editor for the outline: kept for Undo (or Discard outline), never hidden
        setContent('');
        setWritten('');
        setTitle('');
        setWriter('');
        offerUndo(before, 'Outline Ready', 'Your story made way for the outline. Undo or Discard outline puts it back.', true);
      } else toast({ title: 'Outline Ready', description: 'Edit the beats and the cast, then press Write story.' });
    } catch (error) {
      if ((error as Error)?.name === 'AbortError' || handledUnauthorized(error)) return;
      toast({ title: 'Outline Failed', description: 'Failed to outline the story. Please try again.', variant: 'destructive' });
    }
  };

  /** Write the story: from the outline being edited when there is one, else planned by the writer. */
  const generate = async (from: StoryPlan | null = null) => {
    if (!settingsValid()) return;
    const problem = from && planProblem(from);
    if (problem) {
      toast({ title: 'The plan is not ready', description: problem, variant: 'destructive' });
      return;
    }
    setWorking('story');
    const before = replacing();
    try {
      const result = await job.run<GenerateResult>(() =>
        startStoryGeneration({ ...generationRequest(settings), ...inSeries, ...(from ? { plan: from, seed } : {}) }),
      );
      setContent(result?.content ?? '');
      setWritten(result?.content ?? '');
      setPlan(result?.plan ?? from);
      setWriter(result?.writer ?? '');
      setGenerated(true);
      setTitle(settings.title || result?.title || '');
      setMode('edit');
      if (before) offerUndo(before, 'Story Regenerated', 'A new story replaced the last one. Undo puts your text back.');
      else toast({ title: 'Story Generated Successfully!', description: 'Review and refine your nightmare, then save it.' });
    } catch (error) {
      if (stoppedByUser(error) || handledUnauthorized(error)) return;
      toast({ title: 'Generation Failed', description: 'Failed to generate story. Please try again.', variant: 'destructive' });
    }
  };

  const cancelGeneration = async () => {
    await job.cancel();
    toast({ title: 'Generation Cancelled', description: 'The writer stopped. Change the settings or generate again.' });
  };

  const saveStory = async () => {
    const fromDraft = await draft.settle();
    save.mutate(
      { ...settings, title: title.trim(), content, writer, ...inSeries, ...(plan ? { plan } : {}),
        ...(fromDraft ?? {}) },
      {
        onSuccess: (story) => {
          guard.allowNext();
          toast({ title: 'Story Saved Successfully!', description: story?.title ? `"${story.title}" is now in your collection.` : undefined });
          navigate(`/story/${story.id}`);
        },
        onError: (error) => {
          draft.resumeAutosave();
          if (isSessionError(error)) return;
          toast({ title: 'Save Failed', description: 'Failed to save story. Please try again.', variant: 'destructive' });
        },
      },
    );
  };

  const generateNew = () => {
    if (content.trim()) offerUndo(snapshot(), 'Story Cleared', 'The text is gone from the editor. Undo puts it back.');
    setGenerated(false);
    setPlan(null);
    setContent('');
    setWriter('');
    setTitle('');
    setMode('edit');
  };

  const outlineFirst = () =>
    askIfEdited(
      {
        title: 'Replace your edited story with an outline?',
        description: 'The outline takes the place of the text you edited. You can undo it right after, or discard the outline to get it back.',
        confirmLabel: 'Outline',
      },
      () => void outline(),
    );

  const discardOutline = () => (replaced ? restore(replaced) : setPlan(null));

  const regenerate = () =>
    askIfEdited(
      {
        title: 'Replace your edited story?',
        description: 'Regenerating writes a new story in place of the text you edited. You can undo it right after.',
        confirmLabel: 'Regenerate',
      },
      () => generate(),
    );

  /** Put a draft kept on the server on the screen. */
  const showDraft = (saved: Draft) => {
    setSettings({ ...DEFAULT_STORY_SETTINGS, ...initial, ...(saved.settings as Partial<StorySettings>) });
    setTitle(saved.title);
    setContent(saved.content);
    setWritten(''); // not known: the draft's text counts as edited
    setWriter(saved.writer);
    setPlan((saved.plan as StoryPlan | null) ?? null);
    setGenerated(!!saved.content.trim());
    setMode('edit');
    dropUndo();
  };

  const resumeDraft = () => {
    const saved = draft.resume();
    if (saved) showDraft(saved);
  };

  /** Another tab or window saved the draft since this one did: the author chooses whose text stays. */
  const settleConflict = async (keep: 'mine' | 'newer') => {
    try {
      if (keep === 'mine') await draft.keepMine();
      else await draft.loadNewer(showDraft);
    } catch (error) {
      if (!isSessionError(error)) toast({ title: 'Draft Not Loaded', description: 'The draft could not be read. Please try again.', variant: 'destructive' });
    }
  };

  const discardDraft = async () => {
    try {
      const gone = await draft.discard();
      toast({
        title: 'Draft Discarded',
        ...(gone ? { action: { label: 'Undo', onClick: () => void draft.restore(gone) } } : {}),
      });
    } catch (error) {
      if (!isSessionError(error)) toast({ title: 'Discard Failed', description: 'The draft could not be discarded. Please try again.', variant: 'destructive' });
    }
  };

  return (
    <div className="container page">
      <PageHeader icon="book" title="Create a Horror Story">
        <p className="muted">Shape the nightmare, let the AI write it, then make it yours.</p>
        {series && (
          <p className="series-nav-label" data-testid="series-part-note">
            Part {series.part} of <Link to={`/series/${series.seriesId}`}>{series.seriesTitle}</Link>: the same cast, places and key elements, going on from the last part.
          </p>
        )}
      </PageHeader>
      {draft.offer && <DraftOffer draft={draft.offer} onResume={resumeDraft} onDiscard={discardDraft} />}
      <div className="create-layout">
        <section className="panel" aria-labelledby="settings-title">
          <h2 id="settings-title" className="panel-title">Story Settings</h2>
          <StorySettingsForm value={settings} onChange={onSettings} errors={errors} disabled={job.running} />
          <div className="create-actions">
            <button type="button" className="btn btn-primary" onClick={regenerate} disabled={job.running}>
              <Icon name="sparkles" size={16} /> {job.running && working === 'story' ? 'Generating...' : generated ? 'Regenerate Story' : 'Generate Story'}
            </button>
            <button type="button" className="btn btn-outline" onClick={outlineFirst} disabled={job.running}>
              <Icon name="list" size={16} /> {job.running && working === 'outline' ? 'Outlining...' : 'Outline first'}
            </button>
          </div>
        </section>
        <section className="panel" aria-labelledby="result-title" aria-busy={job.running}>
          <h2 id="result-title" className="panel-title">Your Story</h2>
          {hasWork && draft.status !== 'idle' && draft.status !== 'conflict' && (
            <p className="muted small draft-status" role="status">
              {DRAFT_STATUS[draft.status]}
            </p>
          )}
          {draft.status === 'conflict' && (
            <div className="content-gate draft-conflict" role="alert">
              <p className="content-gate-title">Your draft was changed in another tab or window</p>
              <p className="muted small">This tab's text is not saved as your draft until you choose which one to keep.</p>
              <div className="row-sm wrap">
                <button type="button" className="btn btn-primary btn-sm" onClick={() => void settleConflict('mine')}>
                  Keep this text
                </button>
                <button type="button" className="btn btn-outline btn-sm" onClick={() => void settleConflict('newer')}>
                  Load the newer draft
                </button>
              </div>
            </div>
          )}
          {job.running ? (
            <div className="generating">
              <ProgressBar value={job.progress} message={job.message} label={working === 'outline' ? 'Story outline progress' : 'Story generation progress'} />
              {job.partial ? (
                <div className="story-content preview story-stream" role="log" aria-live="polite" aria-label="The story as it is written">
                  {job.partial}
                </div>
              ) : (
                <p className="muted small">
                  {working === 'outline' ? 'The AI is laying out the bones of your nightmare.' : 'The AI is conjuring your nightmare.'} This usually takes less than a minute.
                </p>
              )}
              <button type="button" className="btn btn-outline btn-sm" onClick={cancelGeneration}>
                <Icon name="close" size={15} /> Cancel
              </button>
            </div>
          ) : plan && !generated ? (
            <div className="stack">
              <p className="muted">The outline: change what happens, add, delete or reorder beats, and correct the cast. The story tells the beats you wrote.</p>
              <StoryPlanEditor plan={plan} onChange={editPlan} disabled={job.running} />
              {replaced && (
                <p className="row-sm wrap muted small">
                  The outline took the place of your story.
                  <button type="button" className="btn btn-outline btn-sm" onClick={() => restore(replaced)}>
                    <Icon name="back" size={15} /> Undo
                  </button>
                </p>
              )}
              <div className="save-area">
                <button type="button" className="btn btn-primary" onClick={() => generate(plan)} disabled={job.running}>
                  <Icon name="sparkles" size={16} /> Write story
                </button>
                <button type="button" className="btn btn-ghost" onClick={discardOutline} disabled={job.running}>
                  <Icon name="close" size={16} /> Discard outline
                </button>
              </div>
            </div>
          ) : generated ? (
            <div className="stack">
              <TextField label="Title" value={title} onChange={editTitle} placeholder={`Leave empty to get '${defaultTitle(settings)}'`} maxLength={200} />
              {writer && <p className="muted small writer-note">{writtenWith(writer)}</p>}
              <StoryTextEditor value={content} onChange={editContent} mode={mode} onModeChange={setMode} />
              <StoryAiPanel content={content} onContent={editContent} />
              {replaced && (
                <p className="row-sm wrap muted small">
                  The story you had was replaced.
                  <button type="button" className="btn btn-outline btn-sm" onClick={() => restore(replaced)}>
                    <Icon name="back" size={15} /> Undo
                  </button>
                </p>
              )}
              <div className="save-area">
                <button type="button" className="btn btn-primary" onClick={saveStory} disabled={save.isPending || !content.trim()}>
                  <Icon name="save" size={16} /> {save.isPending ? 'Saving...' : 'Save Story'}
                </button>
                <button
                  type="button"
                  className="btn btn-ghost"
                  onClick={() =>
                    askIfEdited(
                      { title: 'Clear your edited story?', description: 'Generate New empties the editor of the text you edited. You can undo it right after.', confirmLabel: 'Clear' },
                      generateNew,
                    )
                  }
                  disabled={save.isPending}
                >
                  <Icon name="refresh" size={16} /> Generate New
                </button>
              </div>
            </div>
          ) : (
            <div className="empty-state">
              <Icon name="skull" size={44} />
              <h3>Your nightmare awaits</h3>
              <p>Fill in the settings and press Generate Story, or Outline first to shape the beats and the cast before it is written. The text appears here for you to edit and save.</p>
            </div>
          )}
        </section>
      </div>
      {guard.dialog}
      <ConfirmDialog
        open={confirm !== null}
        onClose={() => setConfirm(null)}
        onConfirm={() => {
          const run = confirm?.run;
          setConfirm(null);
          run?.();
        }}
        title={confirm?.title ?? ''}
        description={confirm?.description ?? ''}
        confirmLabel={confirm?.confirmLabel}
      />
    </div>
  );
}
