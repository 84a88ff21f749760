import {
  FieldTimeOutlined,
  RiseOutlined,
  SafetyCertificateOutlined,
  SwapOutlined,
  TeamOutlined,
  ThunderboltOutlined,
  UploadOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

interface Entry {
  /** user catalogue's home.entry.<key> */
  key: 'deposit' | 'withdraw' | 'spot' | 'flash' | 'perpetual' | 'option' | 'team' | 'kyc';
  to: string;
  icon: ReactNode;
  color: string;
}

/** Money, products and account shortcuts; screens that need an account ask for a login themselves. */
const ENTRIES: readonly Entry[] = [
  { key: 'deposit', to: '/wallet/deposit', icon: <WalletOutlined />, color: '#1677ff' },
  { key: 'withdraw', to: '/wallet/withdraw', icon: <UploadOutlined />, color: '#13a8a8' },
  { key: 'spot', to: '/trade/spot', icon: <SwapOutlined />, color: '#2f54eb' },
  { key: 'flash', to: '/trade/flash', icon: <ThunderboltOutlined />, color: '#fa8c16' },
  { key: 'perpetual', to: '/trade/perpetual', icon: <RiseOutlined />, color: '#16a34a' },
  { key: 'option', to: '/trade/option', icon: <FieldTimeOutlined />, color: '#722ed1' },
  { key: 'team', to: '/team', icon: <TeamOutlined />, color: '#eb2f96' },
  { key: 'kyc', to: '/kyc', icon: <SafetyCertificateOutlined />, color: '#d48806' },
];

export function EntryGrid({ wide = false }: { wide?: boolean }) {
  const { t } = useTranslation('user');
  return (
    <nav
      aria-label={t('home.shortcuts')}
      data-testid="home-entries"
      style={{
        display: 'grid',
        gridTemplateColumns: `repeat(${wide ? 8 : 4}, minmax(0, 1fr))`,
        gap: '14px 4px',
        padding: '14px 4px',
        background: 'var(--app-surface)',
        borderRadius: 12,
      }}
    >
      {ENTRIES.map((entry) => (
        <Link
          key={entry.to}
          to={entry.to}
          data-testid={`entry-${entry.to}`}
          style={{
            display: 'flex',
            flexDirection: 'column',
            alignItems: 'center',
            gap: 6,
            color: 'var(--app-text)',
            fontSize: 13,
          }}
        >
          <span
            style={{
              width: 44,
              height: 44,
              borderRadius: 14,
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'center',
              fontSize: 22,
              color: entry.color,
              background: `${entry.color}14`,
            }}
          >
            {entry.icon}
          </span>
          {t(`home.entry.${entry.key}`)}
        </Link>
      ))}
    </nav>
  );
}
