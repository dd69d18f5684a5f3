import { SwitchField } from '../../../components/ui/form';
import type { FieldSetter } from '../../../lib/use-validated-form';
import type { Publishing } from '../lib/video-form';
import { LabelFields } from '../../../components/content/label-fields';

/** The Publish tab of the video creation form and of the editor. */
export function PublishFields<F extends Publishing>({ form, set, publicHint }: { form: F; set: FieldSetter<F>; publicHint?: string }) {
  return (
    <div className="stack">
      <SwitchField label="Public" hint={publicHint} checked={form.isPublic} onChange={set('isPublic') as (v: boolean) => void} />
      <SwitchField label="Allow comments" checked={form.allowComments} onChange={set('allowComments') as (v: boolean) => void} />
      <SwitchField label="Allow download" checked={form.allowDownload} onChange={set('allowDownload') as (v: boolean) => void} />
      <LabelFields
        value={{ tags: form.tags, contentWarnings: form.contentWarnings, isMature: form.isMature }}
        onChange={(next) => {
          (set('tags') as (v: string[]) => void)(next.tags);
          (set('contentWarnings') as (v: Publishing['contentWarnings']) => void)(next.contentWarnings);
          (set('isMature') as (v: boolean) => void)(next.isMature);
        }}
      />
    </div>
  );
}
