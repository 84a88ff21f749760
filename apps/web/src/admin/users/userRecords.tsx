import { Tag } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { param } from '../../lib/listParams.ts';

/**
 * 用户详情's links (issue 33): each list of the back office that can show one user's records, the
 * address that does, and the `user_id` key those lists keep in their address. The server filters
 * (GET /api/admin/deposits, /withdrawals, /orders ?user_id; the journal's ?user), so a list shows
 * only that user's rows and counts them alone.
 */

/** `?user_id=42`: a user id as the server takes it (a positive integer); anything else reads as all users. */
export const userIdParam = param.text((raw) => /^[1-9]\d{0,9}$/.test(raw) && Number(raw) <= 2_147_483_647);

/** The query value: undefined (every user) when absent. */
export const userIdQuery = (userId: string): number | undefined => (userId ? Number(userId) : undefined);

export interface UserRecordLink {
  label: string;
  to: string;
}

export function userRecordLinks(userId: number, t: TFunction<'admin'>): UserRecordLink[] {
  return [
    { label: t('users.records.deposits'), to: `/admin/wallet/deposits?user_id=${userId}` },
    { label: t('users.records.withdrawals'), to: `/admin/wallet/withdrawals?user_id=${userId}` },
    { label: t('users.records.orders'), to: `/admin/trading/orders?user_id=${userId}` },
    { label: t('users.records.journal'), to: `/admin/transactions?user=${userId}` },
  ];
}

/** Shown above a list filtered by `?user_id`: which user, and × to list every user again. */
export function UserFilterTag({ userId, onClear }: { userId: string; onClear: () => void }) {
  const { t } = useTranslation('admin');
  if (!userId) return null;
  return (
    <Tag
      closable
      color="blue"
      onClose={(event) => {
        event.preventDefault();
        onClear();
      }}
      data-testid="user-filter"
    >
      {t('users.onlyUser', { id: userId })}
    </Tag>
  );
}
