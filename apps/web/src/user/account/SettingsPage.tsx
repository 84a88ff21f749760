import { Card, Flex, Radio, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  setThemeMode,
  setTrendConvention,
  type TrendConvention,
  useThemeMode,
  useTrendConvention,
} from '../../lib/appearance.ts';
import { UserPage } from '../shell/UserPage.tsx';
import { AccountColumn } from './useMe.tsx';

function Swatch({ color, label }: { color: string; label: string }) {
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 4, color }}>
      <span style={{ width: 10, height: 10, borderRadius: 2, background: color }} />
      {label}
    </span>
  );
}

/** 我的 → 设置 (/me/settings): this device's 涨跌颜色 (and theme), applied at once everywhere. */
export default function SettingsPage() {
  const trend = useTrendConvention();
  const mode = useThemeMode();
  const { t } = useTranslation('user');
  return (
    <AccountColumn>
      <UserPage title={t('me.settings')} testId="settings-page">
        <Card title={t('settings.trend')} size="small">
          <Radio.Group
            value={trend}
            onChange={(event) => setTrendConvention(event.target.value as TrendConvention)}
            data-testid="settings-trend"
            style={{ width: '100%' }}
          >
            <Flex vertical gap={12}>
              {(['green-up', 'red-up'] as const).map((value) => (
                <Radio key={value} value={value} data-testid={`settings-trend-${value}`}>
                  <Flex gap={12} align="center">
                    <span style={{ minWidth: 64 }}>{t(`settings.trendLabels.${value}`)}</span>
                    <Swatch color={value === 'green-up' ? '#16a34a' : '#dc2626'} label={t('settings.up')} />
                    <Swatch color={value === 'green-up' ? '#dc2626' : '#16a34a'} label={t('settings.down')} />
                  </Flex>
                </Radio>
              ))}
            </Flex>
          </Radio.Group>
          <Typography.Paragraph type="secondary" style={{ margin: '12px 0 0', fontSize: 12 }}>
            {t('settings.trendHint')}
          </Typography.Paragraph>
        </Card>
        <Card size="small">
          <Flex justify="space-between" align="center">
            <Flex vertical>
              <Typography.Text>{t('settings.dark')}</Typography.Text>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t('settings.darkHint')}
              </Typography.Text>
            </Flex>
            <Switch
              checked={mode === 'dark'}
              onChange={(on) => setThemeMode(on ? 'dark' : 'light')}
              aria-label={t('settings.dark')}
              data-testid="settings-dark"
            />
          </Flex>
        </Card>
      </UserPage>
    </AccountColumn>
  );
}
