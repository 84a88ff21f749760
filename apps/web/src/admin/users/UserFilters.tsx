import {
  kycStatuses,
  type UserKycFilter,
  type UserStatusFilter,
  userStatusFilters,
} from '@platform/contracts';
import { Button, Flex, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { SearchBox } from '../../components/SearchBox.tsx';
import type { UserFilters as Filters } from './usersApi.ts';

/** One click sets both selects; the one whose filters are applied now is highlighted. */
const QUICK_FILTERS = [
  { key: 'all', status: 'all', kyc: 'all' },
  { key: 'active', status: 'active', kyc: 'all' },
  { key: 'inactive', status: 'inactive', kyc: 'all' },
  { key: 'admin', status: 'admin', kyc: 'all' },
  { key: 'kyc-pending', status: 'all', kyc: 'pending' },
  { key: 'kyc-approved', status: 'all', kyc: 'approved' },
] as const satisfies readonly { key: string; status: UserStatusFilter; kyc: UserKycFilter }[];

export interface UserFiltersProps {
  filters: Filters;
  onChange: (change: Partial<Omit<Filters, 'page'>>) => void;
}

/** Search by e-mail or phone, status and KYC selects, quick filters. */
export function UserFilters({ filters, onChange }: UserFiltersProps) {
  const { t } = useTranslation(['admin', 'common']);
  const statusOptions = userStatusFilters.map((value) => ({
    value,
    label: t(`users.statusFilter.${value}`),
  }));
  const kycOptions = [
    { value: 'all' as const, label: t('users.allKyc') },
    ...kycStatuses.map((status) => ({ value: status, label: t(`common:kycStatus.${status}`) })),
  ];
  return (
    <Flex vertical gap={12}>
      <Space wrap>
        <SearchBox
          value={filters.search}
          onSearch={(search) => onChange({ search })}
          placeholder={t('users.searchPlaceholder')}
          width={280}
          testId="users-search"
        />
        <Select
          style={{ width: 130 }}
          value={filters.status}
          options={statusOptions}
          onChange={(status) => onChange({ status })}
          data-testid="users-status-filter"
          aria-label={t('users.statusFilterLabel')}
        />
        <Select
          style={{ width: 130 }}
          value={filters.kyc}
          options={kycOptions}
          onChange={(kyc) => onChange({ kyc })}
          data-testid="users-kyc-filter"
          aria-label={t('users.kycFilterLabel')}
        />
      </Space>
      <Space wrap size={[8, 8]}>
        <span style={{ color: 'rgba(0,0,0,0.45)' }}>{t('users.quickFilters')}</span>
        {QUICK_FILTERS.map((quick) => {
          const current = filters.status === quick.status && filters.kyc === quick.kyc;
          return (
            <Button
              key={quick.key}
              size="small"
              type={current ? 'primary' : 'default'}
              onClick={() => onChange({ status: quick.status, kyc: quick.kyc })}
              data-testid={`users-quick-${quick.key}`}
            >
              {t(`users.quick.${quick.key}`)}
            </Button>
          );
        })}
      </Space>
    </Flex>
  );
}
