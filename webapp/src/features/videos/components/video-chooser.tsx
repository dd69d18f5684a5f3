import { Icon } from '../../../components/ui/icons';

/** The chooser shown without ?from_story / ?from_video. */
export function VideoChooser({ onFromStory, onDirect }: { onFromStory: () => void; onDirect: () => void }) {
  return (
    <div className="chooser">
      <button type="button" className="chooser-card" onClick={onFromStory}>
        <Icon name="book" size={40} />
        <h2>From Existing Story</h2>
        <p className="muted">Pick one of your stories and turn it into a narrated horror video.</p>
      </button>
      <button type="button" className="chooser-card" onClick={onDirect}>
        <Icon name="sparkles" size={40} />
        <h2>Create New Video</h2>
        <p className="muted">Describe a nightmare from scratch and let the AI write and narrate it.</p>
      </button>
      <p className="chooser-note muted small">8 animation styles · 8 narration voices · up to 5 minutes long</p>
    </div>
  );
}
