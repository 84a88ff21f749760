import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { queryClient } from './lib/queryClient.ts';
import { SessionProvider } from './lib/session.tsx';

/** antd's own texts (pagers, pickers, empty states) in the language shown: zh_CN or en_US. */
export function useAntLocale() {
  const { i18n } = useTranslation();
  return i18n.language === 'en' ? enUS : zhCN;
}

/** Everything every screen needs: antd in the language shown, TanStack Query and the session. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    // autoInsertSpace off: antd would show two-character labels as 登 录 instead of the spec's 登录.
    <ConfigProvider locale={useAntLocale()} button={{ autoInsertSpace: false }}>
      <AntApp>
        <QueryClientProvider client={queryClient}>
          <SessionProvider>{children}</SessionProvider>
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
