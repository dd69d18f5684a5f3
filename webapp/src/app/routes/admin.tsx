import { AdminPanel } from '../../features/admin/components/admin-panel';

export default function AdminRoute() {
  return <AdminPanel />;
}
