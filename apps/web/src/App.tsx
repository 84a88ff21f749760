import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import type { ReactNode } from 'react';
import { queryClient } from './lib/queryClient.ts';
import { SessionProvider } from './lib/session.tsx';

/** Everything every screen needs: zh_CN antd, TanStack Query and the session. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    // autoInsertSpace off: antd would show two-character labels as 登 录 instead of the spec's 登录.
    <ConfigProvider locale={zhCN} button={{ autoInsertSpace: false }}>
      <AntApp>
        <QueryClientProvider client={queryClient}>
          <SessionProvider>{children}</SessionProvider>
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
