import { MenuItem } from '@blueprintjs/core';
import { MultiSelect, type ItemPredicate, type ItemRenderer } from '@blueprintjs/select';
import { useTranslation } from '@guiche/web-sdk';
import type { UserOption } from '../api/chats-api';
import { NS } from '../i18n/register';

interface Props {
  id: string;
  users: UserOption[];
  selected: UserOption[];
  loading: boolean;
  invalid: boolean;
  onChange(users: UserOption[]): void;
  onBlur(): void;
}

const matchesName: ItemPredicate<UserOption> = (query, user) =>
  user.name.toLowerCase().includes(query.trim().toLowerCase());

export function UserMultiSelect({ id, users, selected, loading, invalid, onChange, onBlur }: Props) {
  const { t } = useTranslation(NS);
  const isSelected = (user: UserOption) => selected.some((s) => s.id === user.id);

  const toggle = (user: UserOption) => {
    onChange(isSelected(user) ? selected.filter((s) => s.id !== user.id) : [...selected, user]);
  };

  const renderItem: ItemRenderer<UserOption> = (user, { handleClick, handleFocus, modifiers, ref }) => {
    if (!modifiers.matchesPredicate) return null;
    return (
      <MenuItem
        key={user.id}
        ref={ref}
        text={user.name}
        roleStructure="listoption"
        selected={isSelected(user)}
        active={modifiers.active}
        disabled={modifiers.disabled}
        onClick={handleClick}
        onFocus={handleFocus}
      />
    );
  };

  return (
    <MultiSelect<UserOption>
      items={users}
      selectedItems={selected}
      itemRenderer={renderItem}
      itemPredicate={matchesName}
      itemsEqual="id"
      onItemSelect={toggle}
      onRemove={(user) => toggle(user)}
      tagRenderer={(user) => user.name}
      placeholder={t('dialog.usersPlaceholder')}
      noResults={<MenuItem disabled roleStructure="listoption" text={loading ? t('dialog.usersLoading') : t('dialog.noUsers')} />}
      resetOnSelect
      fill
      popoverProps={{ minimal: true, matchTargetWidth: true }}
      tagInputProps={{
        inputProps: { id, onBlur, 'aria-invalid': invalid || undefined },
        intent: invalid ? 'danger' : 'none',
        tagProps: { minimal: true },
      }}
    />
  );
}
