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
  /** Its name: user catalogue's nav.<key> (首页, 行情, 交易, 资产, 我的). */
  key: 'home' | 'markets' | 'trade' | 'assets' | 'me';
  icon: ReactNode;
  /** Paths that light this tab up besides its own (sub-screens). */
  prefixes: readonly string[];
}

/** The five tabs of the phone's bottom bar (and the desktop header's menu). */
export const USER_NAV: readonly UserNavItem[] = [
  { path: '/', key: 'home', icon: <HomeOutlined />, prefixes: [] },
  { path: '/markets', key: 'markets', icon: <LineChartOutlined />, prefixes: ['/markets'] },
  { path: '/trade/spot', key: 'trade', icon: <SwapOutlined />, prefixes: ['/trade'] },
  { path: '/wallet', key: 'assets', icon: <WalletOutlined />, prefixes: ['/wallet', '/kyc'] },
  {
    path: '/me',
    key: 'me',
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
