import { Card, Flex, Radio, Switch, Typography } from 'antd';
import {
  setThemeMode,
  setTrendConvention,
  TREND_LABELS,
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
  return (
    <AccountColumn>
      <UserPage title="设置" testId="settings-page">
        <Card title="涨跌颜色" size="small">
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
                    <span style={{ minWidth: 64 }}>{TREND_LABELS[value]}</span>
                    <Swatch color={value === 'green-up' ? '#16a34a' : '#dc2626'} label="涨 +1.23%" />
                    <Swatch color={value === 'green-up' ? '#dc2626' : '#16a34a'} label="跌 -1.23%" />
                  </Flex>
                </Radio>
              ))}
            </Flex>
          </Radio.Group>
          <Typography.Paragraph type="secondary" style={{ margin: '12px 0 0', fontSize: 12 }}>
            行情、K线、深度图、盘口和盈亏都按此显示，仅保存在本设备。
          </Typography.Paragraph>
        </Card>
        <Card size="small">
          <Flex justify="space-between" align="center">
            <Flex vertical>
              <Typography.Text>深色模式</Typography.Text>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                K线和深度图一同切换，仅保存在本设备
              </Typography.Text>
            </Flex>
            <Switch
              checked={mode === 'dark'}
              onChange={(on) => setThemeMode(on ? 'dark' : 'light')}
              aria-label="深色模式"
              data-testid="settings-dark"
            />
          </Flex>
        </Card>
      </UserPage>
    </AccountColumn>
  );
}
