import type { PlanBeat, PlanPerson, StoryPlan } from '../../../types/api';

/** The author's edits of a plan, as pure functions: each returns a new plan. A beat the author
 * writes or changes is marked `edited` (the writer tells it); a deleted beat leaves no reference
 * behind (key elements, the twist's clues), so the plan stays valid. */

export const PRONOUN_OPTIONS = [
  { value: 'she', label: 'she/her' },
  { value: 'he', label: 'he/him' },
  { value: 'they', label: 'they/them' },
  { value: 'it', label: 'it/its' },
  { value: 'i', label: 'I (the narrator)' },
] as const;

export const ROLE_OPTIONS = [
  { value: 'protagonist', label: 'Protagonist' },
  { value: 'antagonist', label: 'Antagonist' },
  { value: 'supporting', label: 'Supporting' },
] as const;

export const MAX_BEATS = 40;
export const MAX_BEAT_TEXT = 1000;

export function editBeat(plan: StoryPlan, id: string, text: string): StoryPlan {
  return { ...plan, beats: plan.beats.map((beat) => (beat.id === id ? { ...beat, text, edited: true } : beat)) };
}

function newBeatId(plan: StoryPlan): string {
  const taken = new Set(plan.beats.map((beat) => beat.id));
  let n = plan.beats.length + 1;
  while (taken.has(`new-${n}`)) n += 1;
  return `new-${n}`;
}

/** A new beat after position `index` (-1: first), written by the author. */
export function addBeat(plan: StoryPlan, index: number): StoryPlan {
  const before = plan.beats[index];
  const beat: PlanBeat = { id: newBeatId(plan), kind: 'scene', text: '', place: before?.place ?? '', who: [], elements: [], edited: true };
  const beats = [...plan.beats];
  beats.splice(index + 1, 0, beat);
  return { ...plan, beats };
}

export function deleteBeat(plan: StoryPlan, id: string): StoryPlan {
  const keep = (ids?: string[]) => (ids ?? []).filter((other) => other !== id);
  return {
    ...plan,
    beats: plan.beats.filter((beat) => beat.id !== id),
    elements: (plan.elements ?? []).map((element) => ({ ...element, beats: keep(element.beats) })),
    twist: plan.twist ? { ...plan.twist, clues: keep(plan.twist.clues) } : plan.twist,
  };
}

/** The beat at `index` moved one place up (-1) or down (+1). */
export function moveBeat(plan: StoryPlan, index: number, by: -1 | 1): StoryPlan {
  const to = index + by;
  if (to < 0 || to >= plan.beats.length) return plan;
  const beats = [...plan.beats];
  [beats[index], beats[to]] = [beats[to], beats[index]];
  return { ...plan, beats };
}

export function editPerson(plan: StoryPlan, id: string, change: Partial<PlanPerson>): StoryPlan {
  return { ...plan, cast: plan.cast.map((person) => (person.id === id ? { ...person, ...change } : person)) };
}

/** What stops the plan from being written from, in the API's words; null when nothing does. */
export function planProblem(plan: StoryPlan): string | null {
  if (!plan.beats.length) return 'A plan has 1 to 40 beats';
  if (plan.beats.some((beat) => !beat.text.trim())) return "Every beat needs its text: write what happens, or delete the beat";
  if (plan.cast.some((person) => !person.name.trim())) return 'Every cast member needs a name';
  if (plan.cast.filter((person) => person.role === 'protagonist').length !== 1) return 'A plan has exactly one protagonist';
  return null;
}
