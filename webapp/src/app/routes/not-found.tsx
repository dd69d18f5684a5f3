import { StatusPage, goHome } from '../../components/status-page';
import { useDocumentTitle } from '../../lib/use-document-title';

export function NotFoundRoute() {
  useDocumentTitle('Page Not Found');
  return (
    <StatusPage
      title="Page Not Found"
      message="This page has vanished into the fog."
      actions={goHome}
    />
  );
}
