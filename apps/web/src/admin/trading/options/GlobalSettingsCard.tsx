import { SettingOutlined } from '@ant-design/icons';
import { Alert, Card, Flex, Switch, Typography } from 'antd';
import type { ReactNode } from 'react';
import type { OptionDraft } from './draft.ts';

type GlobalSettings = OptionDraft['globalSettings'];

function SettingRow(props: {
  label: string;
  hint: string;
  checked: boolean;
  onChange: (on: boolean) => void;
  testId: string;
  extra?: ReactNode;
}) {
  return (
    <Flex justify="space-between" align="center" gap={16}>
      <Flex vertical gap={2}>
        <Typography.Text strong>{props.label}</Typography.Text>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {props.hint}
        </Typography.Text>
      </Flex>
      <Switch
        checked={props.checked}
        onChange={props.onChange}
        checkedChildren="开"
        unCheckedChildren="关"
        aria-label={props.label}
        data-testid={props.testId}
      />
    </Flex>
  );
}

export function GlobalSettingsCard({
  settings,
  onChange,
}: {
  settings: GlobalSettings;
  onChange: (next: GlobalSettings) => void;
}) {
  const notice = !settings.enabled
    ? '期权交易已关闭：用户无法下期权订单。'
    : settings.maintenanceMode
      ? '维护模式已开启：用户暂时无法进行期权交易。'
      : null;
  return (
    <Card
      size="small"
      title={
        <Flex gap={8} align="center">
          <SettingOutlined />
          全局设置
        </Flex>
      }
      style={{ height: '100%' }}
      data-testid="option-global-card"
    >
      <Flex vertical gap={16}>
        <SettingRow
          label="期权交易总开关"
          hint="关闭后期权产品对所有用户停用"
          checked={settings.enabled}
          onChange={(enabled) => onChange({ ...settings, enabled })}
          testId="option-enabled"
        />
        <SettingRow
          label="维护模式"
          hint="开启后暂停用户的期权交易，配置仍可修改"
          checked={settings.maintenanceMode}
          onChange={(maintenanceMode) => onChange({ ...settings, maintenanceMode })}
          testId="option-maintenance"
        />
        {notice && <Alert type="warning" showIcon title={notice} data-testid="option-global-notice" />}
      </Flex>
    </Card>
  );
}
