import { Decimal } from '@platform/domain';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../core/config.ts';
import { createProviders } from './index.ts';
import {
  createSimProvider,
  SIM_FUNDING_BASE_RATE,
  SIM_FUNDING_PREMIUM_MAX,
  SIM_FUNDING_VENUE_NOISE,
  type SimProvider,
} from './sim.ts';
import { SIM_PAIRS } from './sim-pairs.ts';
import { PricePath, SimKeys } from './sim-path.ts';

const NOW = Date.UTC(2026, 11, 6, 8, 0, 0);
const HOUR = 3_600_000;
const clock = { now: NOW };
const built = new Map<string, SimProvider>();
/** The venue of a secret at `at` (one provider per venue and secret, on a shared clock). */
function venue(secret: string, id: string, at: number): SimProvider {
  clock.now = at;
  let provider = built.get(`${secret} ${id}`);
  if (!provider) {
    provider = createSimProvider({ secret, tickMs: 1000, venue: id, now: () => clock.now });
    built.set(`${secret} ${id}`, provider);
  }
  return provider;
}

describe('simulated funding rates (issue 34)', () => {
  it('are a pure function of the secret, the venue, the pair and the instant', () => {
    for (const id of ['sim-a', 'sim-b', 'sim-c']) {
      const a = venue('seed-1', id, NOW).fundingRate('BTCUSDT');
      const b = venue('seed-1', id, NOW).fundingRate('btc-usdt');
      expect(a).toMatch(/^-?0\.\d{8}$/);
      expect(b).toBe(a);
    }
    // Another secret, another market: over a day of hours the rates differ.
    let differ = 0;
    for (let h = 0; h < 24; h++) {
      const at = NOW + h * HOUR;
      if (
        venue('seed-1', 'sim-a', at).fundingRate('BTCUSDT') !==
        venue('seed-2', 'sim-a', at).fundingRate('BTCUSDT')
      )
        differ += 1;
    }
    expect(differ).toBeGreaterThan(20);
    expect(venue('seed-1', 'sim-a', NOW).fundingRate('NOPEUSDT')).toBeNull();
  });

  it('are 0.0001 plus a premium that follows the path over the last 8 hours, and each venue its own noise', () => {
    const keys = new SimKeys('seed-1');
    let checked = 0;
    let positive = 0;
    let negative = 0;
    for (const spec of SIM_PAIRS.slice(0, 4)) {
      const symbol = `${spec.base}USDT`;
      const path = new PricePath(keys, symbol, spec);
      const cursor = path.cursor();
      for (let h = 0; h < 24 * 14; h += 5) {
        const at = NOW + h * HOUR;
        const sec = Math.floor(at / 1000);
        const drift = cursor.at(sec) - cursor.at(sec - 8 * 3600);
        const rates = ['sim-a', 'sim-b', 'sim-c'].map((id) =>
          Number(venue('seed-1', id, at).fundingRate(symbol)),
        );
        for (const rate of rates) {
          const away = rate - SIM_FUNDING_BASE_RATE;
          expect(Math.abs(away)).toBeLessThanOrEqual(
            SIM_FUNDING_PREMIUM_MAX + SIM_FUNDING_VENUE_NOISE + 1e-8,
          );
          // A clear drift shows in the rate's sign: longs pay more after a rise.
          if (Math.abs(drift) > 0.01) expect(Math.sign(away)).toBe(Math.sign(drift));
        }
        if (drift > 0.01) positive += 1;
        if (drift < -0.01) negative += 1;
        // The venues differ by their noise only.
        expect(Math.max(...rates) - Math.min(...rates)).toBeLessThanOrEqual(
          2 * SIM_FUNDING_VENUE_NOISE + 1e-8,
        );
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(200);
    // Both signs occur: the premium is no constant.
    expect(positive).toBeGreaterThan(5);
    expect(negative).toBeGreaterThan(5);
    // The venues' noise differs between venues and changes with the minute.
    const rates = (at: number) =>
      ['sim-a', 'sim-b', 'sim-c'].map((id) => venue('seed-1', id, at).fundingRate('ETHUSDT'));
    expect(new Set(rates(NOW)).size).toBe(3);
    expect(rates(NOW + 60_000)).not.toEqual(rates(NOW));
  });

  it('give the pair a median of the three venues, well inside FUNDING_RATE_CAP', async () => {
    const providers = createProviders(loadConfig({ MARKET_SIM_SEED: 'seed-1' }));
    try {
      const quote = await providers.fundingRates.rateFor('BTCUSDT');
      expect(quote).not.toBeNull();
      expect(quote!.components.map((c) => [c.source, c.status])).toEqual([
        ['sim-a', 'ok'],
        ['sim-b', 'ok'],
        ['sim-c', 'ok'],
      ]);
      const sorted = quote!.components.map((c) => new Decimal(c.rate!)).sort((a, b) => a.comparedTo(b));
      expect(quote!.rate).toBe(sorted[1]!.toFixed());
      expect(new Decimal(quote!.rate).abs().lt('0.001')).toBe(true);
      // A pair the simulator does not have: every venue unavailable, no rate.
      expect(await providers.fundingRates.rateFor('NOPEUSDT')).toBeNull();
    } finally {
      await providers.close();
    }
  });
});
