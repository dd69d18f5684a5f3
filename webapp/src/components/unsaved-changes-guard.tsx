import { useCallback, useEffect, useRef } from 'react';
import { useBlocker } from 'react-router-dom';
import { ConfirmDialog } from './ui/dialog';

type GuardOptions = {
  /** what the dialog says (defaults to "Your changes have not been saved…") */
  description?: string;
};

/**
 * While `dirty`, leaving the screen asks first: the browser's own prompt when the tab is closed or
 * reloaded (`beforeunload`), and the site's dialog for a link, Back or Forward inside the app
 * (`useBlocker`). `allowNext()` lets the next in-app navigation through without asking (after
 * saving, before navigating to the saved item). Render `dialog` in the screen.
 */
export function useUnsavedChangesGuard(dirty: boolean, { description }: GuardOptions = {}) {
  const allowed = useRef(false);
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;

  const blocker = useBlocker(
    useCallback(
      ({ currentLocation, nextLocation }: { currentLocation: { pathname: string }; nextLocation: { pathname: string } }) =>
        dirtyRef.current && !allowed.current && currentLocation.pathname !== nextLocation.pathname,
      [],
    ),
  );

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (allowed.current) return;
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  const allowNext = useCallback(() => {
    allowed.current = true;
  }, []);

  const dialog = (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      onClose={() => blocker.reset?.()}
      onConfirm={() => blocker.proceed?.()}
      title="Leave without saving?"
      description={description ?? 'Your changes have not been saved. Leave this page and lose them?'}
      confirmLabel="Leave"
    />
  );
  return { dialog, allowNext };
}
