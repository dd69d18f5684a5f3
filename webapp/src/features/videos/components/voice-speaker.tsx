import type { NarrationVoice } from '../../../types/api';

/** The `captions` render option: a cue at a time, or the spoken word highlighted. */
export const CAPTION_OPTIONS = [
  { value: 'phrase', label: 'Phrase by phrase' },
  { value: 'word', label: 'Word by word' },
];

/** Which installed voice speaks the chosen narration voice, and a notice when eSpeak NG stands in. */
export function VoiceSpeaker({ voice }: { voice: NarrationVoice | undefined }) {
  if (!voice) return null;
  return (
    <div className="stack-sm" data-testid="voice-speaker">
      <p className="muted small">
        Spoken by <strong>{voice.speaker}</strong>
      </p>
      {voice.fallback && (
        <p className="notice notice-warning small" role="status">
          This voice falls back to eSpeak NG: no fitting neural voice is installed on this server.
          {voice.pull && (
            <>
              {' '}
              An administrator can install one with <code>dreadforge voices pull {voice.pull}</code>
              {voice.licence ? ` (licence: ${voice.licence})` : ''}.
            </>
          )}
        </p>
      )}
    </div>
  );
}
