import { Badge } from '../../../components/ui/badge';
import { Icon } from '../../../components/ui/icons';
import { formatDuration } from '../../../lib/format';
import type { VideoScene } from '../../../types/api';

export const SCRIPT_EMPTY = 'The script is written when the video is generated.';
export const STORYBOARD_EMPTY = 'The storyboard appears when the video is generated.';

/** "the felt door, the rider" -> ["the felt door", "the rider"] (blank names left out). */
export const showsFromText = (text: string) => text.split(',').map((name) => name.trim()).filter(Boolean);

/** The scenes of the last render: thumbnail, start time (m:ss), the line and what it shows.
 *  With `onLineChange`, each scene's line is editable (it is that line of the script); with
 *  `onShowsChange`, what it shows too (the next render draws it so; `shows` holds the edits). */
export function Storyboard({
  scenes,
  lines,
  onLineChange,
  shows: edited,
  onShowsChange,
  disabled,
}: {
  scenes: VideoScene[];
  lines?: string[];
  onLineChange?: (index: number, value: string) => void;
  shows?: Record<number, string>;
  onShowsChange?: (index: number, value: string) => void;
  disabled?: boolean;
}) {
  return (
    <ol className="storyboard" aria-label="Storyboard">
      {scenes.map((scene, index) => {
        const number = index + 1;
        const line = lines ? (lines[index] ?? '') : scene.text;
        const shows = scene.shows ?? [];
        return (
          <li key={number} className="storyboard-scene">
            <div className="storyboard-thumb">
              {scene.thumbnailUrl ? (
                <img src={scene.thumbnailUrl} alt={`Scene ${number}: ${shows.join(', ') || 'scene'}`} loading="lazy" />
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
              <span className="muted small">Scene {number}</span>
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
              {onShowsChange && (
                <>
                  <label className="small muted" htmlFor={`scene-shows-${number}`}>
                    Scene {number} shows{scene.edited ? ' (corrected)' : ''}
                  </label>
                  <input
                    id={`scene-shows-${number}`}
                    className="input"
                    maxLength={8 * 81}
                    value={edited?.[index] ?? shows.join(', ')}
                    placeholder="the place, who is in it, what it is about"
                    disabled={disabled}
                    onChange={(e) => onShowsChange(index, e.target.value)}
                  />
                </>
              )}
              {!onShowsChange && shows.length > 0 && (
                <p className="badge-row" aria-label={`Scene ${number} shows`}>
                  {shows.map((name) => (
                    <Badge key={name} variant="outline">
                      {name}
                    </Badge>
                  ))}
                </p>
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
