import {
  HomeOutlined,
  LineChartOutlined,
  SwapOutlined,
  UserOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import { NotificationBadge } from '../notifications/NotificationBadge.tsx';

export interface UserNavItem {
  path: string;
  label: string;
  icon: ReactNode;
  /** Paths that light this tab up besides its own (sub-screens). */
  prefixes: readonly string[];
}

/** The five tabs of the phone's bottom bar (and the desktop header's menu). */
export const USER_NAV: readonly UserNavItem[] = [
  { path: '/', label: '首页', icon: <HomeOutlined />, prefixes: [] },
  { path: '/markets', label: '行情', icon: <LineChartOutlined />, prefixes: ['/markets'] },
  { path: '/trade/spot', label: '交易', icon: <SwapOutlined />, prefixes: ['/trade'] },
  { path: '/wallet', label: '资产', icon: <WalletOutlined />, prefixes: ['/wallet', '/kyc'] },
  {
    path: '/me',
    label: '我的',
    // The unread notifications' count rides on this tab (the list is under 我的).
    icon: (
      <NotificationBadge>
        <UserOutlined />
      </NotificationBadge>
    ),
    prefixes: ['/me', '/team'],
  },
];

export function activeNavPath(pathname: string): string | undefined {
  if (pathname === '/') return '/';
  return USER_NAV.find((item) => item.prefixes.some((p) => pathname === p || pathname.startsWith(`${p}/`)))
    ?.path;
}
