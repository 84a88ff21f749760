import {
  KYC_STATUS_LABELS,
  kycStatuses,
  type UserKycFilter,
  type UserStatusFilter,
} from '@platform/contracts';
import { Button, Flex, Select, Space } from 'antd';
import { SearchBox } from '../../components/SearchBox.tsx';
import type { UserFilters as Filters } from './usersApi.ts';

const STATUS_OPTIONS: { value: UserStatusFilter; label: string }[] = [
  { value: 'all', label: '全部状态' },
  { value: 'active', label: '正常' },
  { value: 'inactive', label: '已禁用' },
  { value: 'admin', label: '管理员' },
];

const KYC_OPTIONS: { value: UserKycFilter; label: string }[] = [
  { value: 'all', label: '全部KYC' },
  ...kycStatuses.map((status) => ({ value: status, label: KYC_STATUS_LABELS[status] })),
];

/** One click sets both selects; the one whose filters are applied now is highlighted. */
const QUICK_FILTERS: { key: string; label: string; status: UserStatusFilter; kyc: UserKycFilter }[] = [
  { key: 'all', label: '全部用户', status: 'all', kyc: 'all' },
  { key: 'active', label: '正常用户', status: 'active', kyc: 'all' },
  { key: 'inactive', label: '已禁用', status: 'inactive', kyc: 'all' },
  { key: 'admin', label: '管理员', status: 'admin', kyc: 'all' },
  { key: 'kyc-pending', label: 'KYC待审核', status: 'all', kyc: 'pending' },
  { key: 'kyc-approved', label: 'KYC已认证', status: 'all', kyc: 'approved' },
];

export interface UserFiltersProps {
  filters: Filters;
  onChange: (change: Partial<Omit<Filters, 'page'>>) => void;
}

/** Search by e-mail or phone, status and KYC selects, quick filters. */
export function UserFilters({ filters, onChange }: UserFiltersProps) {
  return (
    <Flex vertical gap={12}>
      <Space wrap>
        <SearchBox
          value={filters.search}
          onSearch={(search) => onChange({ search })}
          placeholder="搜索邮箱或手机号"
          width={280}
          testId="users-search"
        />
        <Select
          style={{ width: 130 }}
          value={filters.status}
          options={STATUS_OPTIONS}
          onChange={(status) => onChange({ status })}
          data-testid="users-status-filter"
          aria-label="状态筛选"
        />
        <Select
          style={{ width: 130 }}
          value={filters.kyc}
          options={KYC_OPTIONS}
          onChange={(kyc) => onChange({ kyc })}
          data-testid="users-kyc-filter"
          aria-label="KYC筛选"
        />
      </Space>
      <Space wrap size={[8, 8]}>
        <span style={{ color: 'rgba(0,0,0,0.45)' }}>快速筛选：</span>
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
              {quick.label}
            </Button>
          );
        })}
      </Space>
    </Flex>
  );
}
