import { SwitchField } from '../../../components/ui/form';
import { getErrorMessage } from '../../../lib/api-client';
import { useNotificationSettings, useSaveNotificationSettings } from '../../../lib/notifications';
import { toast } from '../../../lib/toast';

/** /profile: a switch per kind of notification. */
export function NotificationSettingsCard() {
  const settings = useNotificationSettings();
  const save = useSaveNotificationSettings();
  const kinds = settings.data?.kinds ?? [];
  const toggle = (kind: string, enabled: boolean) => {
    const off = kinds.filter((k) => (k.kind === kind ? !enabled : !k.enabled)).map((k) => k.kind);
    save.mutate(off, { onError: (error) => toast({ title: 'Could not save', description: getErrorMessage(error), variant: 'destructive' }) });
  };
  return (
    <section className="panel stack" aria-label="Notifications">
      <h2 className="section-title">Notifications</h2>
      {kinds.map((k) => (
        <SwitchField key={k.kind} label={k.label} checked={k.enabled} onChange={(enabled) => toggle(k.kind, enabled)} />
      ))}
    </section>
  );
}
