import { dismissToast, useToasts } from '../../lib/toast';
import { Icon } from './icons';

export function Toaster() {
  const toasts = useToasts().filter((t) => t.open);
  return (
    <div className="toaster" aria-live="polite" aria-atomic="true">
      {toasts.map((t) => (
        <div key={t.id} className={`toast toast-${t.variant ?? 'default'}`} role={t.variant === 'destructive' ? 'alert' : 'status'}>
          <div className="toast-text">
            <p className="toast-title">{t.title}</p>
            {t.description && <p className="toast-description">{t.description}</p>}
          </div>
          {t.action && (
            <button
              type="button"
              className="btn btn-outline btn-sm toast-action"
              onClick={() => {
                t.action!.onClick();
                dismissToast(t.id);
              }}
            >
              {t.action.label}
            </button>
          )}
          <button type="button" className="icon-btn" aria-label="Dismiss notification" onClick={() => dismissToast(t.id)}>
            <Icon name="close" size={16} />
          </button>
        </div>
      ))}
    </div>
  );
}
