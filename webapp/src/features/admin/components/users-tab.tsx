import { useState } from 'react';
import { Avatar } from '../../../components/ui/avatar';
import { Badge } from '../../../components/ui/badge';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { Icon } from '../../../components/ui/icons';
import { useDebounce } from '../../../lib/use-debounce';
import { displayName, formatDate } from '../../../lib/format';
import { closeThen, failureToast, toastOutcome, useAuth } from '../../../lib/auth';
import { toast } from '../../../lib/toast';
import { useAdminUsers, type AdminUserFilter } from '../api/admin-queries';
import { useBanUser, useDeleteUser, useUnbanUser, useUpdateUser } from '../api/admin-mutations';
import { BanDialog } from './ban-dialog';
import type { User } from '../../../types/api';
import { AdminTable } from './admin-table';

export function UsersTab() {
  const { user: me } = useAuth();
  const [search, setSearch] = useState('');
  const [filter, setFilter] = useState<AdminUserFilter>('all');
  const debounced = useDebounce(search, 300);
  const [page, setPage] = useState(1);
  const users = useAdminUsers({ filter, search: debounced, page });
  const update = useUpdateUser();
  const ban = useBanUser();
  const unban = useUnbanUser();
  const remove = useDeleteUser();
  const setUser = (u: User, updates: Partial<User>) => update.mutate({ id: u.id, updates }, toastOutcome('User updated', 'Failed to update user'));
  const [banTarget, setBanTarget] = useState<User | null>(null);
  const [deleteTarget, setDeleteTarget] = useState<User | null>(null);

  return (
    <div className="stack">
      <div className="row wrap admin-filters">
        <div className="search-box grow">
          <Icon name="search" size={16} />
          <label htmlFor="admin-user-search" className="sr-only">Search users</label>
          <input id="admin-user-search" type="search" className="input" placeholder="Search by name or e-mail..." value={search} onChange={(e) => {
              setSearch(e.target.value);
              setPage(1);
            }} />
        </div>
        <label htmlFor="admin-user-filter" className="sr-only">Filter users</label>
        <select id="admin-user-filter" className="input select-narrow" value={filter} onChange={(e) => {
            setFilter(e.target.value as AdminUserFilter);
            setPage(1);
          }}>
          <option value="all">All users</option>
          <option value="active">Active</option>
          <option value="inactive">Inactive</option>
          <option value="admin">Admins</option>
        </select>
      </div>
      <AdminTable
        query={users}
        what="users"
        emptyText="No users found."
        columns={['User', 'Role', 'Status', 'Content', 'Joined', '']}
        page={page}
        onPage={setPage}
        renderRow={(u) => {
          const self = me && String(me.id) === String(u.id);
          return (
            <tr key={u.id}>
              <td>
                <div className="row-sm">
                  <Avatar user={u} size={32} />
                  <div>
                    <div>{displayName(u)}</div>
                    <div className="muted small">{u.email}</div>
                  </div>
                </div>
              </td>
              <td>
                <Badge variant={u.role === 'user' ? 'outline' : 'accent'}>{u.role ?? 'user'}</Badge>
              </td>
              <td>
                <div className="badge-row">
                  <Badge variant={u.isActive === false ? 'default' : 'success'}>{u.isActive === false ? 'Inactive' : 'Active'}</Badge>
                  {u.isBanned && <Badge variant="danger" title={u.banReason ?? undefined}>Banned{u.banExpiresAt ? ` until ${formatDate(u.banExpiresAt)}` : ''}</Badge>}
                </div>
              </td>
              <td className="muted small">
                {u.storiesCount ?? 0} {u.storiesCount === 1 ? 'story' : 'stories'} · {u.videosCount ?? 0} {u.videosCount === 1 ? 'video' : 'videos'}
              </td>
              <td className="muted small">{formatDate(u.createdAt)}</td>
              <td>
                <div className="row-sm end wrap">
                  <button type="button" className="btn btn-ghost btn-xs" disabled={!!self || update.isPending} onClick={() => setUser(u, { isActive: u.isActive === false })}>
                    {u.isActive === false ? 'Activate' : 'Deactivate'}
                  </button>
                  <button type="button" className="btn btn-ghost btn-xs" disabled={!!self || update.isPending || u.role === 'super_admin'} onClick={() => setUser(u, { role: u.role === 'admin' ? 'user' : 'admin' })}>
                    {u.role === 'admin' ? 'Make User' : 'Make Admin'}
                  </button>
                  {u.isBanned ? (
                    <button type="button" className="btn btn-ghost btn-xs" disabled={unban.isPending} onClick={() => unban.mutate(u.id, toastOutcome('User unbanned', 'Failed to unban user'))}>
                      Unban
                    </button>
                  ) : (
                    <button type="button" className="btn btn-ghost btn-xs danger-text" disabled={!!self} onClick={() => setBanTarget(u)}>
                      Ban
                    </button>
                  )}
                  <button type="button" className="btn btn-ghost btn-xs danger-text" disabled={!!self} onClick={() => setDeleteTarget(u)} aria-label={`Delete ${displayName(u)}`}>
                    <Icon name="trash" size={14} />
                  </button>
                </div>
              </td>
            </tr>
          );
        }}
      />
      <BanDialog
        user={banTarget}
        onClose={() => setBanTarget(null)}
        pending={ban.isPending}
        onBan={({ reason, expiresAt }) =>
          banTarget &&
          ban.mutate(
            { id: banTarget.id, reason, expiresAt },
            {
              onSuccess: () => {
                setBanTarget(null);
                toast({ title: 'User banned' });
              },
              onError: failureToast('Failed to ban user'),
            },
          )
        }
      />
      <ConfirmDialog
        open={!!deleteTarget}
        onClose={() => setDeleteTarget(null)}
        title="Delete user?"
        description="Are you sure you want to delete this user and all their content? This action cannot be undone."
        pending={remove.isPending}
        onConfirm={() =>
          deleteTarget &&
          remove.mutate(deleteTarget.id, closeThen(() => setDeleteTarget(null), 'User deleted', 'Failed to delete user'))
        }
      />
    </div>
  );
}
