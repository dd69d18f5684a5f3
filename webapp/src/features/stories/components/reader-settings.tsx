import { Icon } from '../../../components/ui/icons';
import {
  READER_FONTS,
  READER_SIZES,
  READER_THEMES,
  READER_WIDTHS,
  type ReaderSettings,
} from '../../../lib/reader-settings';

const LABELS: Record<string, string> = {
  small: 'S', medium: 'M', large: 'L', 'x-large': 'XL',
  serif: 'Serif', sans: 'Sans',
  dark: 'Dark', sepia: 'Sepia',
  narrow: 'Narrow', wide: 'Wide',
};

const GROUPS: { name: keyof ReaderSettings; label: string; options: readonly string[] }[] = [
  { name: 'size', label: 'Text size', options: READER_SIZES },
  { name: 'font', label: 'Typeface', options: READER_FONTS },
  { name: 'theme', label: 'Colours', options: READER_THEMES },
  { name: 'width', label: 'Line width', options: READER_WIDTHS },
];

/** "Reading settings": text size, serif / sans, dark / sepia, line width; kept on this device. */
export function ReaderSettingsPanel({ settings, onChange }: { settings: ReaderSettings; onChange: (change: Partial<ReaderSettings>) => void }) {
  return (
    <details className="reader-settings">
      <summary className="btn btn-ghost btn-sm">
        <Icon name="book" size={16} /> Reading settings
      </summary>
      <div className="reader-settings-panel" role="group" aria-label="Reading settings (kept on this device)">
        {GROUPS.map((group) => (
          <div key={group.name} className="reader-setting" role="group" aria-label={group.label}>
            <span className="muted small">{group.label}</span>
            <div className="segmented">
              {group.options.map((option) => (
                <button
                  key={option}
                  type="button"
                  className={`btn btn-sm ${settings[group.name] === option ? 'btn-primary' : 'btn-ghost'}`}
                  aria-pressed={settings[group.name] === option}
                  onClick={() => onChange({ [group.name]: option } as Partial<ReaderSettings>)}
                >
                  {LABELS[option] ?? option}
                </button>
              ))}
            </div>
          </div>
        ))}
      </div>
    </details>
  );
}
