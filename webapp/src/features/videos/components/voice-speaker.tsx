import type { NarrationVoice } from '../../../types/api';

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
