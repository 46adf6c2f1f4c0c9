import { Button, HTMLTable, Intent, Tag } from '@blueprintjs/core';
import { useTranslation } from '@guiche/web-sdk';
import { NS } from '../i18n/register.js';
import type { CompanyUser } from '../lib/user-types.js';
import { UserAvatar } from './UserAvatar.js';

interface Props {
  users: CompanyUser[];
  currentUserId: number | undefined;
  onEdit(user: CompanyUser): void;
  onDelete(user: CompanyUser): void;
}

/** account-admin.md §2 Users list: ID, status, avatar, name, e-mail, profile, start work, end work, actions. */
export function UsersTable({ users, currentUserId, onEdit, onDelete }: Props) {
  const { t } = useTranslation(NS);
  return (
    <HTMLTable className="cx-table" interactive striped aria-label={t('table.label')} data-testid="users-table">
      <thead>
        <tr>
          <th className="cx-center">{t('table.id')}</th>
          <th className="cx-center">{t('table.status')}</th>
          <th className="cx-center">{t('table.avatar')}</th>
          <th>{t('table.name')}</th>
          <th className="cx-hide-narrow">{t('table.email')}</th>
          <th className="cx-center">{t('table.profile')}</th>
          <th className="cx-center cx-hide-narrow">{t('table.startWork')}</th>
          <th className="cx-center cx-hide-narrow">{t('table.endWork')}</th>
          <th className="cx-actions">{t('table.actions')}</th>
        </tr>
      </thead>
      <tbody>
        {users.map((user) => {
          const self = user.id === currentUserId;
          const status = user.online ? t('table.online') : t('table.offline');
          return (
            <tr key={user.id} data-testid="user-row" data-user-id={user.id}>
              <td className="cx-center">{user.id}</td>
              <td className="cx-center">
                <span className="us-status" data-online={user.online} role="img" aria-label={status} title={status} data-testid="user-status" />
              </td>
              <td className="cx-center">
                <UserAvatar name={user.name} path={user.profileImage} />
              </td>
              <td data-testid="user-name">{user.name}</td>
              <td className="cx-hide-narrow" data-testid="user-email">
                {user.email}
              </td>
              <td className="cx-center" data-testid="user-profile">
                <Tag minimal intent={user.profile === 'admin' ? Intent.PRIMARY : Intent.NONE}>
                  {user.profile === 'admin' ? t('profiles.admin') : t('profiles.user')}
                </Tag>
              </td>
              <td className="cx-center cx-hide-narrow" data-testid="user-start">
                {user.startWork?.slice(0, 5)}
              </td>
              <td className="cx-center cx-hide-narrow" data-testid="user-end">
                {user.endWork?.slice(0, 5)}
              </td>
              <td className="cx-actions" role="group" aria-label={t('table.rowActions', { name: user.name })}>
                <Button icon="edit" variant="minimal" aria-label={t('actions.edit')} title={t('actions.edit')} onClick={() => onEdit(user)} data-testid="user-edit" />
                <Button
                  icon="trash"
                  variant="minimal"
                  intent={Intent.DANGER}
                  disabled={self}
                  aria-label={t('actions.delete')}
                  title={self ? t('actions.cannotDeleteSelf') : t('actions.delete')}
                  onClick={() => onDelete(user)}
                  data-testid="user-delete"
                />
              </td>
            </tr>
          );
        })}
      </tbody>
    </HTMLTable>
  );
}
