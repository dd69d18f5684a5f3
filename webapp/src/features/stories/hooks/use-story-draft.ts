import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { STORY_LENGTH, INTENSITY } from '../../../lib/constants';
import type { Draft, DraftWrite, StoryPlan } from '../../../types/api';
import { discardDraft, getCurrentDraft, saveDraft } from '../api/drafts';
import type { StorySettings } from '../components/story-settings-form';

/** What /create keeps as the author's draft. */
export type DraftContent = { settings: StorySettings; title: string; content: string; writer: string; plan: StoryPlan | null };

export type DraftStatus = 'idle' | 'saving' | 'saved' | 'failed' | 'conflict';

/** How long the writing rests before it is saved. */
const AUTOSAVE_DELAY = 1200;

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, Number.isFinite(value) ? value : min));

/** The body of PUT /api/drafts/current: a length or intensity still being typed is kept in range. */
function draftBody({ settings, title, content, writer, plan }: DraftContent): DraftWrite {
  const kept = {
    ...settings,
    storyLength: clamp(settings.storyLength, STORY_LENGTH.min, STORY_LENGTH.max),
    intensity: clamp(settings.intensity, INTENSITY.min, INTENSITY.max),
  };
  return { settings: kept as DraftWrite['settings'], title, content, writer, ...(plan ? { plan } : {}) } as DraftWrite;
}

/**
 * The server-side draft of /create: on arrival the saved draft is offered (`offer`, until
 * `resume` or `discard`); meanwhile `work` is saved once it rests (debounced), while `active`.
 * Each save names the draft's revision it was written from: when another tab or window saved
 * the draft since, the server refuses (409), the status is `conflict` and autosaving waits for
 * the author to `keepMine` (this text replaces the other) or `loadNewer` (the other's draft,
 * given to put on the screen). Before saving the story, `settle()` waits for a save under way and
 * stops autosaving; it gives the draft's id (sent with the story, which removes the draft).
 */
export function useStoryDraft(work: DraftContent, active: boolean) {
  const [offer, setOffer] = useState<Draft | null>(null);
  const [checked, setChecked] = useState(false);
  const [status, setStatus] = useState<DraftStatus>('idle');
  const draftId = useRef<number | null>(null);
  const lastSaved = useRef<string>('');
  const inFlight = useRef<Promise<unknown> | null>(null);
  const stopped = useRef(false);
  /** the draft's revision the screen was written from (null: no draft known) */
  const revision = useRef<number | null>(null);
  /** the screen now shows the draft loaded from another tab: it is taken as saved, not sent back */
  const adopt = useRef(false);
  /** another tab or window saved the draft since this one: saving the story must not remove it */
  const conflicted = useRef(false);

  useEffect(() => {
    let cancelled = false;
    getCurrentDraft()
      .then((draft) => {
        if (cancelled) return;
        if (draft) setOffer(draft);
        draftId.current = draft?.id ?? null;
        revision.current = draft?.revision ?? null;
        setChecked(true);
      })
      .catch(() => !cancelled && setChecked(true));
    return () => {
      cancelled = true;
    };
  }, []);

  const body = JSON.stringify(draftBody(work));
  const onScreen = useRef(body);
  onScreen.current = body;
  const enabled = active && checked && !offer && status !== 'conflict';
  useEffect(() => {
    if (!enabled || stopped.current) return;
    if (adopt.current) {
      adopt.current = false;
      lastSaved.current = body;
    }
    if (body === lastSaved.current) {
      setStatus('saved'); // back to what was saved (an Undo)
      return;
    }
    setStatus('saving'); // "Draft saved" no longer holds for what is on the screen
    const timer = setTimeout(() => {
      if (stopped.current) return;
      const request = saveDraft({ ...(JSON.parse(body) as DraftWrite), baseRevision: revision.current, baseDraftId: draftId.current })
        .then((draft) => {
          draftId.current = draft.id;
          revision.current = draft.revision;
          lastSaved.current = body;
          if (!stopped.current && onScreen.current === body) setStatus('saved');
        })
        .catch((error) => {
          const refused = error instanceof ApiError && error.status === 409;
          if (refused) conflicted.current = true;
          if (!stopped.current) setStatus(refused ? 'conflict' : 'failed');
        });
      inFlight.current = request;
    }, AUTOSAVE_DELAY);
    return () => clearTimeout(timer);
  }, [body, enabled]);

  const resume = useCallback(() => {
    if (!offer) return null;
    draftId.current = offer.id;
    revision.current = offer.revision;
    adopt.current = true; // on the screen as it is saved: not sent again
    setOffer(null);
    setStatus('saved');
    return offer;
  }, [offer]);

  /** Discard the offered (or current) draft; resolves to the discarded draft, for an Undo. */
  const discard = useCallback(async () => {
    const gone = offer;
    setOffer(null);
    draftId.current = null;
    revision.current = null;
    conflicted.current = false;
    lastSaved.current = '';
    setStatus('idle');
    await discardDraft();
    return gone;
  }, [offer]);

  /** Put a discarded draft back (Undo) and offer it again. */
  const restore = useCallback(async (draft: Draft) => {
    const { settings, title, content, writer, plan } = draft;
    const saved = await saveDraft({ settings, title, content, writer, ...(plan ? { plan } : {}) } as DraftWrite);
    draftId.current = saved.id;
    revision.current = saved.revision;
    setOffer(saved);
  }, []);

  /** Stop autosaving and wait for a save under way: the draft the story was written in, at its
   * revision (removed with the story unless saved since), or null (none, or a newer one elsewhere). */
  const settle = useCallback(async () => {
    stopped.current = true;
    await inFlight.current?.catch(() => undefined);
    if (conflicted.current || draftId.current === null || revision.current === null) return null;
    return { draftId: draftId.current, draftRevision: revision.current };
  }, []);

  /** The story was not saved after all: autosaving goes on. */
  const resumeAutosave = useCallback(() => {
    stopped.current = false;
  }, []);

  /** The conflict ends with this tab's text: saved over the newer draft (from its revision). */
  const keepMine = useCallback(async () => {
    const newer = await getCurrentDraft();
    draftId.current = newer?.id ?? null;
    revision.current = newer?.revision ?? null;
    conflicted.current = false;
    lastSaved.current = ''; // saved again, though unchanged
    setStatus('saving');
  }, []);


  /** The conflict ends with the newer draft: `show` puts it on the screen (it is taken as saved); when it
   * was discarded meanwhile, the screen stays and autosaving goes on. */
  const loadNewer = useCallback(async (show: (draft: Draft) => void) => {
    const newer = await getCurrentDraft();
    revision.current = newer?.revision ?? null;
    draftId.current = newer?.id ?? null;
    conflicted.current = false;
    if (newer) {
      show(newer); // in the same render as the status: the shown draft is not sent back
      adopt.current = true;
    }
    setStatus(newer ? 'saved' : 'idle');
  }, []);

  return { offer, status, resume, discard, restore, settle, resumeAutosave, keepMine, loadNewer };
}
