import { Link } from 'react-router-dom';
import { StatusPage } from '../../components/status-page';
import { useDocumentTitle } from '../../lib/use-document-title';

export function NotFoundRoute() {
  useDocumentTitle('Page Not Found');
  return (
    <StatusPage
      title="Page Not Found"
      message="This page has vanished into the fog."
      actions={
        <Link to="/" className="btn btn-primary">
          Go Home
        </Link>
      }
    />
  );
}
