import { Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { InsuranceFundTab } from './perpetual-risk/InsuranceFundTab.tsx';
import { RiskParamsTab } from './perpetual-risk/RiskParamsTab.tsx';

/**
 * 风控参数 (issue 34): the perpetuals' leverage tiers and open-interest caps with their usage and
 * pending change (docs/perpetual-risk.md), and the insurance fund's balance and history
 * (docs/insurance-fund.md) on the 保险基金 tab (?tab=insurance).
 */
export default function PerpetualRiskPage() {
  const { t } = useTranslation('admin');
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'insurance' ? 'insurance' : 'params';
  return (
    <div data-testid="perpetual-risk-page">
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        {t('menu.riskParams')}
      </Typography.Title>
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams(key === 'insurance' ? { tab: 'insurance' } : {}, { replace: true })}
        items={[
          { key: 'params', label: t('trading.perpetualRisk.paramsTab'), children: <RiskParamsTab /> },
          {
            key: 'insurance',
            label: t('trading.perpetualRisk.insuranceTab'),
            children: <InsuranceFundTab />,
          },
        ]}
      />
    </div>
  );
}
