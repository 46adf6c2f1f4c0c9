import { Intent, Tag } from '@blueprintjs/core';
import { ListTable, RowActions, useTranslation } from '@guiche/web-sdk';
import { NS } from '../i18n/register.js';
import type { CompanyUser } from '../lib/user-types.js';
import { UserAvatar } from './UserAvatar.js';

const COLUMNS = [
  ['table.id', 'cx-center'],
  ['table.status', 'cx-center'],
  ['table.avatar', 'cx-center'],
  ['table.name'],
  ['table.email', 'cx-hide-narrow'],
  ['table.profile', 'cx-center'],
  ['table.startWork', 'cx-center cx-hide-narrow'],
  ['table.endWork', 'cx-center cx-hide-narrow'],
  ['table.actions', 'cx-actions'],
] as const;

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
    <ListTable ns={NS} testId="users-table" columns={COLUMNS}>
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
            <RowActions
              className="cx-actions"
              label={t('table.rowActions', { name: user.name })}
              editLabel={t('actions.edit')}
              deleteLabel={t('actions.delete')}
              onEdit={() => onEdit(user)}
              onDelete={() => onDelete(user)}
              testIdPrefix="user"
              deleteDisabled={self}
              deleteTitle={self ? t('actions.cannotDeleteSelf') : undefined}
            />
          </tr>
        );
      })}
    </ListTable>
  );
}
