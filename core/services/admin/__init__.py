"""Admin work, one module per job: ``figures``, ``users`` (list, roles, activation), ``bans``,
``removal`` (deleting a user), ``content`` (stories and videos) and ``paging`` (the lists'
index-aware pages).

Rules (enforced here, not in the routes):

* Only a ``super_admin`` may change roles (every change grants or removes an admin role) and only a
  ``super_admin`` may deactivate, ban or delete an administrator.
* Nobody can change the role of, deactivate, ban or delete their own account.
* The last usable (active, unbanned) ``super_admin`` can never be demoted, deactivated, banned or
  deleted.
* Every action writes an audit entry in the same transaction as the change.
"""
