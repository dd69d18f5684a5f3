import { AdminPanel } from '../../features/admin/components/admin-panel';
import { useDocumentTitle } from '../../lib/use-document-title';

export default function AdminRoute() {
  useDocumentTitle('Admin Panel');
  return <AdminPanel />;
}
