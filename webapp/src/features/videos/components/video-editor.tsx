import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Badge } from '../../../components/ui/badge';
import { Icon } from '../../../components/ui/icons';
import { ProgressBar } from '../../../components/ui/progress';
import { SelectField, SliderField, SwitchField, TextField } from '../../../components/ui/form';
import { Tabs, namedTabs } from '../../../components/ui/tabs';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { useUnsavedChangesGuard } from '../../../components/unsaved-changes-guard';
import {
  EDITOR_ANIMATION_STYLES,
  EDITOR_ASPECT_RATIOS,
  EDITOR_COLOR_GRADING,
  EDITOR_DURATION,
  EDITOR_FRAME_RATES,
  EDITOR_MUSIC,
  EDITOR_RESOLUTIONS,
  EDITOR_TRANSITIONS,
  EDITOR_VOICES,
} from '../../../lib/constants';
import { formatDuration } from '../../../lib/format';
import { isSessionError } from '../../../lib/auth';
import { toast } from '../../../lib/toast';
import { useValidatedForm, type FormErrors } from '../../../lib/use-validated-form';
import { useRegenerateVideo, useUpdateVideo } from '../api/video-writes';
import { useVoices, voiceNamed } from '../api/voices';
import { CAPTION_OPTIONS, VoiceSpeaker } from './voice-speaker';
import { useContentCommunity } from '../../../lib/content/content-queries';
import type { Publishing, RenderSettings } from '../lib/video-form';
import { PublishFields } from './publish-fields';
import { DEFAULT_LABELS } from '../../../lib/content/labels';
import { SCRIPT_EMPTY, type SceneEdit, type SceneField, Storyboard, correctionOf } from './storyboard';
import { VideoStatusBadge } from './video-status-badge';
import type { Video } from '../../../types/api';

export type EditorForm = RenderSettings &
  Publishing & {
  title: string;
  description: string;
  frameRate: number;
  voiceSpeed: number;
  musicVolume: number;
  narrationVolume: number;
  colorGrading: string;
  transitions: string;
  subtitles: boolean;
  /** subtitles a cue at a time, or with the spoken word highlighted */
  captions: string;
  watermark: boolean;
  /** the narration script, one line per scene ([]: written for you at the next render) */
  script: string[];
};

export const EDITOR_DEFAULTS: EditorForm = {
  title: '',
  description: '',
  animationStyle: 'Cinematic',
  narrationVoice: 'Deep Male',
  musicAmbience: 'Dark Orchestral',
  duration: 60,
  aspectRatio: '16:9',
  resolution: '1080p',
  frameRate: 30,
  voiceSpeed: 1,
  musicVolume: 50,
  narrationVolume: 80,
  colorGrading: 'Horror',
  transitions: 'Fade',
  subtitles: true,
  captions: 'phrase',
  watermark: false,
  isPublic: true,
  allowComments: true,
  allowDownload: false,
  ...DEFAULT_LABELS,
  script: [],
};

export function editorFormFromVideo(video: Video): EditorForm {
  const out = { ...EDITOR_DEFAULTS };
  for (const key of Object.keys(EDITOR_DEFAULTS) as (keyof EditorForm)[]) {
    const value = (video as any)[key];
    if (value !== undefined && value !== null) (out as any)[key] = Array.isArray(value) ? [...value] : value;
  }
  return out;
}

export const MAX_SCRIPT_LINES = 40;
export const MAX_SCRIPT_LINE = 500;

/** The script as sent: lines trimmed, blank ones left out. */
export const scriptToSend = (lines: string[]) => lines.map((line) => line.trim()).filter(Boolean);

type Errors = FormErrors<EditorForm>;

/** SPEC §5 video editor rules. */
export function validateEditorForm(f: EditorForm): Errors {
  const e: Errors = {};
  if (f.title.trim().length < 1) e.title = 'Title is required';
  else if (f.title.length > 100) e.title = 'Title must be under 100 characters';
  if (!f.animationStyle) e.animationStyle = 'Animation style is required';
  if (!f.narrationVoice) e.narrationVoice = 'Narration voice is required';
  if (f.duration < 10 || f.duration > 300) e.duration = 'Duration must be between 10 and 300 seconds';
  if (f.frameRate < 24 || f.frameRate > 60) e.frameRate = 'Frame rate must be between 24 and 60';
  if (f.voiceSpeed < 0.5 || f.voiceSpeed > 2) e.voiceSpeed = 'Voice speed must be between 0.5 and 2';
  if (f.musicVolume < 0 || f.musicVolume > 100) e.musicVolume = 'Music volume must be between 0 and 100';
  if (f.narrationVolume < 0 || f.narrationVolume > 100) e.narrationVolume = 'Narration volume must be between 0 and 100';
  const lines = scriptToSend(f.script);
  const long = lines.findIndex((line) => line.length > MAX_SCRIPT_LINE);
  if (lines.length > MAX_SCRIPT_LINES) e.script = `The script can have at most ${MAX_SCRIPT_LINES} lines (${lines.length} written)`;
  else if (long >= 0) e.script = `Line ${long + 1} of the script must be at most ${MAX_SCRIPT_LINE} characters`;
  return e;
}

const TAB_OF: Partial<Record<keyof EditorForm, string>> = {
  title: 'video',
  animationStyle: 'video',
  duration: 'video',
  frameRate: 'video',
  narrationVoice: 'audio',
  voiceSpeed: 'audio',
  musicVolume: 'audio',
  narrationVolume: 'audio',
  script: 'script',
};

const EDITOR_TABS = namedTabs('video', 'script', 'audio', 'effects', 'publish');

export function VideoEditor({ video }: { video: Video }) {
  const navigate = useNavigate();
  const [dirty, setDirty] = useState(false);
  const { form, setForm, set, errors, tab, setTab, check } = useValidatedForm<EditorForm>({
    initial: () => editorFormFromVideo(video),
    validate: validateEditorForm,
    tabOf: TAB_OF,
    firstTab: 'video',
    onChange: () => setDirty(true),
  });
  const [regenerating, setRegenerating] = useState(false);
  const [confirmClose, setConfirmClose] = useState(false);
  const save = useUpdateVideo();
  const regenerate = useRegenerateVideo();
  const live = useContentCommunity('video', video.id, { forcePolling: regenerating });
  const voices = useVoices();
  const speaker = voiceNamed(voices.data, form.narrationVoice);
  const current = live.data ?? video;
  const previous = useRef(current.status);

  useEffect(() => {
    if (!regenerating) return;
    const status = current.status;
    if (status === 'completed' && previous.current !== 'completed') {
      setRegenerating(false);
      // the lines the render narrated (written anew when the script was left empty)
      setForm((f) => ({ ...f, script: [...(current.script ?? [])] }));
      toast({ title: 'Video Regenerated', description: 'Your video has been regenerated with new settings.', variant: 'success' });
    } else if (status === 'failed' && previous.current !== 'failed') {
      setRegenerating(false);
      toast({ title: 'Regeneration Failed', description: 'Failed to regenerate video. Please try again.', variant: 'destructive' });
    }
    previous.current = status;
  }, [current.status, regenerating]);

  // Leaving with unsaved edits asks: the browser's own prompt (tab closed, reload) and a dialog
  // for a link, Back or Forward in the app.
  const guard = useUnsavedChangesGuard(dirty, {
    description: 'Your changes to this video have not been saved. Leave the editor and lose them?',
  });

  const close = () => (dirty ? setConfirmClose(true) : navigate(`/video/${video.id}`));
  // storyboard corrections (scene index -> who, where, what it shows as typed), sent as `scenes`
  const [edits, setEdits] = useState<Record<number, SceneEdit>>({});
  const editScene = (index: number, field: SceneField, value: string) => {
    setEdits((s) => ({ ...s, [index]: { ...s[index], [field]: value } }));
    setDirty(true);
  };
  const corrections = () =>
    Object.entries(edits)
      .map(([index, edit]) => {
        const scene = current.scenes?.[Number(index)];
        return scene ? correctionOf(scene, edit) : null;
      })
      .filter((c): c is NonNullable<ReturnType<typeof correctionOf>> => !!c && !!c.text);
  const setLine = (index: number, value: string) => {
    const lines = [...form.script];
    while (lines.length <= index) lines.push('');
    lines[index] = value;
    set('script')(lines);
  };

  /** Validates, then sends the form through `write` (save or regenerate); `failure` is its error toast. */
  const send = (write: typeof save, invalid: string, failure: { title: string; description: string }, saved: () => void) => {
    if (!check()) {
      toast({ title: 'Validation Error', description: invalid, variant: 'destructive' });
      return;
    }
    write.mutate(
      { id: video.id, data: { ...form, script: scriptToSend(form.script), ...(corrections().length ? { scenes: corrections() } : {}) } },
      {
        onSuccess: () => {
          setDirty(false);
          setEdits({});
          saved();
        },
        onError: (error) => {
          if (!isSessionError(error)) toast({ ...failure, variant: 'destructive' });
        },
      },
    );
  };

  const onSave = () =>
    send(save, 'Please fix the errors in your video settings.', { title: 'Save Failed', description: 'Failed to save your video settings. Please try again.' }, () =>
      toast({ title: 'Video Updated', description: 'Your video settings have been saved successfully.' }),
    );

  const onRegenerate = () =>
    send(regenerate, 'Please fix the errors before regenerating.', { title: 'Regeneration Failed', description: 'Failed to regenerate video. Please try again.' }, () => {
      previous.current = 'processing';
      setRegenerating(true);
      live.refetch();
    });

  const busy = save.isPending || regenerate.isPending || regenerating;
  const progressValue = regenerate.isPending ? 5 : current.progress ?? 0;
  return (
    <div className="container page">
      <header className="page-header row between wrap">
        <div>
          <h1 className="page-title">
            <Icon name="film" size={26} /> Video Editor
          </h1>
          <p className="muted row-sm wrap">
            <span>{current.title}</span> <VideoStatusBadge status={current.status} />
            {dirty && <Badge variant="warning">Unsaved changes</Badge>}
          </p>
        </div>
        <div className="row-sm wrap">
          <button type="button" className="btn btn-primary" onClick={onSave} disabled={busy}>
            <Icon name="save" size={16} /> {save.isPending ? 'Saving...' : 'Save'}
          </button>
          <button type="button" className="btn btn-outline" onClick={onRegenerate} disabled={busy}>
            <Icon name="refresh" size={16} /> {regenerating || regenerate.isPending ? 'Regenerating...' : 'Regenerate'}
          </button>
          <button type="button" className="btn btn-ghost" onClick={close}>
            Close
          </button>
        </div>
      </header>
      {(regenerating || regenerate.isPending) && (
        <ProgressBar value={progressValue} message={current.progressMessage || 'Regenerating your video...'} label="Regeneration progress" />
      )}
      <div className="editor-layout">
        <section className="panel">
          <Tabs label="Editor sections" idBase="video-editor" value={tab} onChange={setTab} items={EDITOR_TABS} className="tabs-fill" />
          <fieldset className="tab-panel" role="tabpanel" id={`video-editor-panel-${tab}`} aria-labelledby={`video-editor-tab-${tab}`} disabled={regenerating}>
            {tab === 'video' && (
              <div className="stack">
                <TextField label="Title *" value={form.title} onChange={set('title')} error={errors.title} />
                <TextField label="Description" value={form.description} onChange={set('description')} multiline rows={3} />
                <SelectField label="Animation style *" value={form.animationStyle} onChange={set('animationStyle')} options={EDITOR_ANIMATION_STYLES} error={errors.animationStyle} />
                <SliderField label="Duration" value={form.duration} onChange={set('duration')} range={EDITOR_DURATION} display={formatDuration(form.duration)} error={errors.duration} />
                <div className="grid-3">
                  <SelectField label="Aspect ratio" value={form.aspectRatio} onChange={set('aspectRatio')} options={EDITOR_ASPECT_RATIOS} />
                  <SelectField label="Resolution" value={form.resolution} onChange={set('resolution')} options={EDITOR_RESOLUTIONS} />
                  <SelectField label="Frame rate" value={form.frameRate} onChange={(v) => set('frameRate')(Number(v))} options={EDITOR_FRAME_RATES.map((f) => ({ value: f, label: `${f} fps` }))} error={errors.frameRate} />
                </div>
              </div>
            )}
            {tab === 'script' && (
              <div className="stack">
                <h3 className="panel-title">Storyboard</h3>
                {current.scenes?.length ? (
                  <Storyboard
                    scenes={current.scenes}
                    lines={form.script}
                    onLineChange={setLine}
                    edits={edits}
                    onEdit={editScene}
                    disabled={regenerating}
                  />
                ) : (
                  <p className="muted">{SCRIPT_EMPTY}</p>
                )}
                <TextField
                  label="Whole script"
                  value={form.script.join('\n')}
                  onChange={(text) => set('script')(text ? text.split('\n') : [])}
                  multiline
                  rows={8}
                  error={errors.script}
                  hint="One line per scene, narrated at the next render. Leave it empty to have a script written for you."
                  placeholder="The lamp went out at midnight..."
                />
                <div className="row-sm wrap">
                  <button type="button" className="btn btn-outline btn-sm" onClick={() => set('script')([])} disabled={regenerating || !form.script.length}>
                    <Icon name="wand" size={14} /> Write a new script
                  </button>
                  <span className="muted small">Clears the lines: the next Regenerate writes a script for the video's length.</span>
                </div>
              </div>
            )}
            {tab === 'audio' && (
              <div className="stack">
                <SelectField label="Narration voice *" value={form.narrationVoice} onChange={set('narrationVoice')} options={EDITOR_VOICES} error={errors.narrationVoice} />
                <VoiceSpeaker voice={speaker} />
                <SliderField label="Voice speed" value={form.voiceSpeed} onChange={set('voiceSpeed')} range={{ min: 0.5, max: 2, step: 0.1 }} display={`${form.voiceSpeed.toFixed(1)}x`} error={errors.voiceSpeed} />
                <SelectField label="Music" value={form.musicAmbience} onChange={set('musicAmbience')} options={EDITOR_MUSIC} placeholder="None" />
                <SliderField label="Music volume" value={form.musicVolume} onChange={set('musicVolume')} range={{ min: 0, max: 100, step: 5 }} display={`${form.musicVolume}%`} error={errors.musicVolume} />
                <SliderField label="Narration volume" value={form.narrationVolume} onChange={set('narrationVolume')} range={{ min: 0, max: 100, step: 5 }} display={`${form.narrationVolume}%`} error={errors.narrationVolume} />
                <SelectField
                  label="Captions"
                  value={form.captions}
                  onChange={set('captions')}
                  options={CAPTION_OPTIONS}
                />
                <p className="muted small">Word by word highlights each word as it is spoken, in the video and in its subtitles file.</p>
              </div>
            )}
            {tab === 'effects' && (
              <div className="stack">
                <SelectField label="Color grading" value={form.colorGrading} onChange={set('colorGrading')} options={EDITOR_COLOR_GRADING} />
                <SelectField label="Transitions" value={form.transitions} onChange={set('transitions')} options={EDITOR_TRANSITIONS} />
                <SwitchField label="Subtitles" checked={form.subtitles} onChange={set('subtitles')} />
                <SwitchField label="Watermark" checked={form.watermark} onChange={set('watermark')} />
              </div>
            )}
            {tab === 'publish' && <PublishFields form={form} set={set} />}
          </fieldset>
        </section>
        <aside className="panel preview-panel" aria-label="Preview">
          <h2 className="panel-title">Preview</h2>
          <div className={`preview-frame ratio-${form.aspectRatio.replace(':', '-')}`}>
            {current.posterUrl ? (
              <img src={current.posterUrl} alt={`Preview of ${current.title}`} />
            ) : (
              <div className="thumb-placeholder">
                <Icon name="image" size={40} />
              </div>
            )}
          </div>
          <dl className="details-list">
            <dt>Duration</dt>
            <dd>{formatDuration(form.duration)}</dd>
            <dt>Format</dt>
            <dd>
              {form.aspectRatio} · {form.resolution} · {form.frameRate} fps
            </dd>
            <dt>Voice</dt>
            <dd>
              {form.narrationVoice} ({form.voiceSpeed.toFixed(1)}x){speaker && <span className="muted small"> · {speaker.speaker}</span>}
            </dd>
            <dt>Look</dt>
            <dd>
              {form.colorGrading} · {form.transitions}
            </dd>
          </dl>
        </aside>
      </div>
      <ConfirmDialog
        open={confirmClose}
        onClose={() => setConfirmClose(false)}
        onConfirm={() => {
          guard.allowNext();
          navigate(`/video/${video.id}`);
        }}
        title="Discard unsaved changes?"
        description="Your changes to this video have not been saved. Close the editor and lose them?"
        confirmLabel="Discard changes"
      />
      {guard.dialog}
    </div>
  );
}
