import { SettingOutlined } from '@ant-design/icons';
import { Alert, Card, Flex, Switch, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation('admin');
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
        checkedChildren={t('trading.options.on')}
        unCheckedChildren={t('trading.options.off')}
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
  const { t } = useTranslation('admin');
  const notice = !settings.enabled
    ? t('trading.options.offNotice')
    : settings.maintenanceMode
      ? t('trading.options.maintenanceNotice')
      : null;
  return (
    <Card
      size="small"
      title={
        <Flex gap={8} align="center">
          <SettingOutlined />
          {t('trading.options.section.globalSettings')}
        </Flex>
      }
      style={{ height: '100%' }}
      data-testid="option-global-card"
    >
      <Flex vertical gap={16}>
        <SettingRow
          label={t('trading.options.enabled')}
          hint={t('trading.options.enabledHint')}
          checked={settings.enabled}
          onChange={(enabled) => onChange({ ...settings, enabled })}
          testId="option-enabled"
        />
        <SettingRow
          label={t('trading.options.maintenance')}
          hint={t('trading.options.maintenanceHint')}
          checked={settings.maintenanceMode}
          onChange={(maintenanceMode) => onChange({ ...settings, maintenanceMode })}
          testId="option-maintenance"
        />
        {notice && <Alert type="warning" showIcon title={notice} data-testid="option-global-notice" />}
      </Flex>
    </Card>
  );
}
