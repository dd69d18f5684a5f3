import { Badge } from '../../../components/ui/badge';
import { Icon } from '../../../components/ui/icons';
import { formatDuration } from '../../../lib/format';
import type { VideoScene } from '../../../types/api';

export const SCRIPT_EMPTY = 'The script is written when the video is generated.';
export const STORYBOARD_EMPTY = 'The storyboard appears when the video is generated.';

/** "the felt door, the rider" -> ["the felt door", "the rider"] (blank names left out). */
export const showsFromText = (text: string) => text.split(',').map((name) => name.trim()).filter(Boolean);

/** A scene's corrections as typed: who (comma-separated), where, what it shows (comma-separated). */
export type SceneEdit = { who?: string; where?: string; shows?: string };
export type SceneField = keyof SceneEdit;

const FIELDS: { field: SceneField; label: string; placeholder: string; max: number }[] = [
  { field: 'who', label: 'Who', placeholder: 'who is in it, comma-separated (empty: nobody)', max: 4 * 81 },
  { field: 'where', label: 'Where', placeholder: 'where it is, one place of the story', max: 80 },
  { field: 'shows', label: 'Shows', placeholder: 'what it is about, comma-separated', max: 8 * 81 },
];

/** What a scene lists for `field`, as the input shows it. */
const listed = (scene: VideoScene, field: SceneField) =>
  field === 'where' ? (scene.where ?? '') : ((field === 'who' ? scene.who : scene.shows) ?? []).join(', ');

/** A scene's edits as a `PATCH` correction: only the fields the creator changed. */
export function correctionOf(scene: VideoScene, edit: SceneEdit) {
  const out: { text: string; who?: string[]; where?: string; shows?: string[] } = { text: scene.text ?? '' };
  if (edit.who !== undefined && edit.who !== listed(scene, 'who')) out.who = showsFromText(edit.who);
  if (edit.where !== undefined && edit.where.trim() && edit.where !== listed(scene, 'where')) out.where = edit.where.trim();
  if (edit.shows !== undefined && edit.shows !== listed(scene, 'shows') && showsFromText(edit.shows).length)
    out.shows = showsFromText(edit.shows);
  return Object.keys(out).length > 1 ? out : null;
}

/** The scenes of the last render: thumbnail, start time (m:ss), the line, who is in it, where it
 *  is and what it shows. With `onLineChange`, each scene's line is editable (it is that line of the
 *  script); with `onEdit`, who, where and what it shows too (the next render draws them so;
 *  `edits` holds what was typed). */
export function Storyboard({
  scenes,
  lines,
  onLineChange,
  edits,
  onEdit,
  disabled,
}: {
  scenes: VideoScene[];
  lines?: string[];
  onLineChange?: (index: number, value: string) => void;
  edits?: Record<number, SceneEdit>;
  onEdit?: (index: number, field: SceneField, value: string) => void;
  disabled?: boolean;
}) {
  return (
    <ol className="storyboard" aria-label="Storyboard">
      {scenes.map((scene, index) => {
        const number = index + 1;
        const line = lines ? (lines[index] ?? '') : scene.text;
        const shows = scene.shows ?? [];
        const who = scene.who ?? [];
        const pictured = [scene.where, ...who, ...shows].filter(Boolean) as string[];
        return (
          <li key={number} className="storyboard-scene">
            <div className="storyboard-thumb">
              {scene.thumbnailUrl ? (
                <img src={scene.thumbnailUrl} alt={`Scene ${number}: ${pictured.join(', ') || 'scene'}`} loading="lazy" />
              ) : (
                <div className="thumb-placeholder">
                  <Icon name="image" size={24} />
                </div>
              )}
              <span className="storyboard-time">
                <Icon name="clock" size={12} /> {formatDuration(scene.start)}
              </span>
            </div>
            <div className="storyboard-body">
              <span className="muted small">
                Scene {number}
                {scene.edited ? ' (corrected)' : ''}
              </span>
              {onLineChange ? (
                <>
                  <label className="sr-only" htmlFor={`scene-line-${number}`}>
                    Scene {number} line
                  </label>
                  <textarea
                    id={`scene-line-${number}`}
                    className="input"
                    rows={2}
                    maxLength={500}
                    value={line}
                    disabled={disabled}
                    onChange={(e) => onLineChange(index, e.target.value)}
                  />
                </>
              ) : (
                <p className="storyboard-line">{line}</p>
              )}
              {onEdit &&
                FIELDS.map(({ field, label, placeholder, max }) => (
                  <div key={field} className="storyboard-field">
                    <label className="small muted" htmlFor={`scene-${field}-${number}`}>
                      Scene {number} {label.toLowerCase()}
                    </label>
                    <input
                      id={`scene-${field}-${number}`}
                      className="input"
                      maxLength={max}
                      value={edits?.[index]?.[field] ?? listed(scene, field)}
                      placeholder={placeholder}
                      disabled={disabled}
                      onChange={(e) => onEdit(index, field, e.target.value)}
                    />
                  </div>
                ))}
              {!onEdit && pictured.length > 0 && (
                <dl className="storyboard-facts">
                  {scene.where ? (
                    <div aria-label={`Scene ${number} where`}>
                      <dt className="small muted">Where</dt>
                      <dd>{scene.where}</dd>
                    </div>
                  ) : null}
                  {who.length > 0 && (
                    <div aria-label={`Scene ${number} who`}>
                      <dt className="small muted">Who</dt>
                      <dd>{who.join(', ')}</dd>
                    </div>
                  )}
                  {shows.length > 0 && (
                    <div>
                      <dt className="small muted">Shows</dt>
                      <dd className="badge-row" aria-label={`Scene ${number} shows`}>
                        {shows.map((name) => (
                          <Badge key={name} variant="outline">
                            {name}
                          </Badge>
                        ))}
                      </dd>
                    </div>
                  )}
                </dl>
              )}
            </div>
          </li>
        );
      })}
    </ol>
  );
}

/** The narration script, one numbered line per scene, with its empty state. */
export function ScriptLines({ lines }: { lines: string[] }) {
  if (!lines.length) return <p className="muted">{SCRIPT_EMPTY}</p>;
  return (
    <ol className="script-lines">
      {lines.map((line, index) => (
        <li key={index}>{line}</li>
      ))}
    </ol>
  );
}
