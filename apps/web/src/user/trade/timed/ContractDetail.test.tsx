import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { applyLanguage } from '../../../i18n/index.ts';
import { chineseIn } from '../../../test/chinese.ts';
import { INDEX_COMPONENTS } from '../../../test/fixtures.ts';
import { renderWithAnt } from '../../../test/render.tsx';
import { ContractDetail } from './ContractDetail.tsx';
import { ContractList } from './ContractList.tsx';
import { makeContract, settledContract } from './timedFixtures.ts';

describe('ContractDetail', () => {
  it('shows the venues behind the entry and the settlement price', () => {
    const open = makeContract({ entry: { ...makeContract().entry, components: INDEX_COMPONENTS } });
    const settled = settledContract(open);
    renderWithAnt(
      <ContractDetail
        contract={{
          ...settled,
          settlement: settled.settlement && { ...settled.settlement, components: INDEX_COMPONENTS },
        }}
      />,
    );
    for (const which of ['entry', 'settlement']) {
      const components = screen.getByTestId(`${which}-components`);
      expect(components.textContent).toContain('参考价 = 计入来源价格的中位数');
      expect(screen.getByTestId(`${which}-components-sim-a`).textContent).toContain('计入');
      expect(screen.getByTestId(`${which}-components-sim-c`).textContent).toContain('剔除：偏离过大');
    }
    expect(screen.getByTestId('entry-price').textContent).toBe('95,000.50');
  });

  it('shows no components for a contract priced before the index', () => {
    renderWithAnt(<ContractDetail contract={settledContract(makeContract())} />);
    expect(screen.getByTestId('settlement-price').textContent).toBe('95,010.25');
    expect(screen.queryByTestId('entry-components')).toBeNull();
    expect(screen.queryByTestId('settlement-components')).toBeNull();
    expect(screen.queryByText('参考价 = 计入来源价格的中位数')).toBeNull();
  });

  it('shows an option contract, its settlement and the rows in English', () => {
    applyLanguage('en');
    const option = settledContract(
      makeContract({ product: 'option', direction: 'put', level: 2, period: 'window', duration: 300 }),
    );
    const voided = {
      ...settledContract(makeContract({ order_id: 42 })),
      outcome: 'void' as const,
      settlement: null,
      payout: '100',
      profit: '0',
    };
    const { container } = renderWithAnt(
      <>
        <ContractDetail contract={option} />
        <ContractDetail contract={voided} />
        <ContractList contracts={[option, voided]} empty="-" onSelect={() => {}} />
      </>,
    );
    const detail = screen.getByTestId('contract-detail-41').textContent;
    expect(detail).toContain('ContractBTCUSDTDown5m');
    expect(detail).toContain('LevelLevel 2 (window period)');
    expect(detail).toContain('Stake');
    expect(detail).toContain('Payout rate10%');
    expect(detail).toContain('Source: Simulated market (sim)');
    expect(screen.getByTestId('settlement-missing').textContent).toBe(
      'No reference price was available after expiry; the stake was refunded in full',
    );
    expect(screen.getByTestId('contract-row-41').textContent).toContain('5m · Level 2');
    expect(screen.getByTestId('contract-row-41').textContent).toContain(
      'Entry 95,000.50 → Settlement 95,010.25',
    );
    expect(screen.getByTestId('contract-row-42').textContent).toContain('Void (refunded)');
    expect(chineseIn(container)).toEqual([]);
  });
});
