import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { INDEX_COMPONENTS } from '../../../test/fixtures.ts';
import { renderWithAnt } from '../../../test/render.tsx';
import { ContractDetail } from './ContractDetail.tsx';
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
});
