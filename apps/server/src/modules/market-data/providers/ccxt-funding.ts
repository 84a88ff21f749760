import { normaliseSymbol } from '@platform/contracts';
import type { Exchange } from 'ccxt';
import { msg } from '../../../i18n/i18n.ts';
import type { FundingVenue } from '../funding-rates.ts';
import {
  type CcxtModule,
  type CcxtProviderOptions,
  classifyError,
  decimalText,
  installResponseChecks,
  loadCcxt,
  rebaseUrls,
  Upstream,
  venueResponses,
} from './ccxt-provider.ts';

/**
 * The real venues' funding rates (issue 34) through ccxt's `fetchFundingRate`, of the pair's USDT
 * perpetual (`BTC/USDT:USDT` for BTCUSDT). Its own ccxt instance per exchange, apart from the spot
 * one: ccxt keeps one market list per instance, and the spot provider's holds spot markets only.
 *
 * The market list is not loaded: the perpetual's market is given to ccxt (`setMarkets`) from the
 * exchange's documented id scheme, so each rate costs exactly one request and nothing else is
 * asked (OKX's and HTX's swap lists are hundreds of contracts; Binance's is fapi's exchangeInfo).
 * A pair the venue has no perpetual of is then the venue's own "unknown instrument" answer, or an
 * answer without that contract, and counts as `unavailable`.
 *
 * Endpoints (paths relative to the API host, `HTX_API_URL`/`OKX_API_URL`/`BINANCE_API_URL` replace
 * the host as for spot):
 * - OKX: GET /api/v5/public/funding-rate?instId=BTC-USDT-SWAP → `fundingRate` (the rate of the
 *   coming funding instant, updated as the premium moves).
 * - HTX: GET /v5/market/funding_rate?contract_code=BTC-USDT (the USDT-margined contracts, host
 *   api.hbdm.com) → `funding_rate`. Its envelope is `{ code: 200, data: [...] }`, not spot's
 *   `status: "ok"`.
 * - Binance: GET /fapi/v1/premiumIndex?symbol=BTCUSDT (USDⓈ-M futures, host fapi.binance.com) →
 *   `lastFundingRate`, dated by `time`. The only fapi endpoint the platform calls.
 * Rates are read from the raw answer (`info`), as decimal strings.
 */

export interface CcxtFundingOptions {
  exchange: CcxtProviderOptions['exchange'];
  apiUrl?: string;
  timeoutMs: number;
}

type ExchangeId = CcxtFundingOptions['exchange'];

interface FundingRules {
  /** The perpetual's market id on the exchange. */
  marketId(base: string): string;
  /** The raw rate and its date (ms or null) from ccxt's raw answer. */
  fields(info: Record<string, unknown>): { rate: unknown; at: unknown; contract: unknown };
  errorPayload?(r: Record<string, unknown>): { code: string; message: string } | null;
  enveloped?(json: object): boolean;
}

const RULES: Record<ExchangeId, FundingRules> = {
  okx: {
    marketId: (base) => `${base}-USDT-SWAP`,
    fields: (info) => ({ rate: info.fundingRate, at: null, contract: info.instId }),
  },
  htx: {
    marketId: (base) => `${base}-USDT`,
    fields: (info) => ({ rate: info.funding_rate, at: null, contract: info.contract_code }),
    // The contract API's v5 envelope: { code: 200, message, data }; its errors carry another code.
    errorPayload(r) {
      if (r.status === 'error') {
        return {
          code: String(r['err-code'] ?? r.err_code ?? ''),
          message: String(r['err-msg'] ?? r.err_msg ?? ''),
        };
      }
      if (!('code' in r) || String(r.code) === '200') return null;
      return { code: String(r.code), message: String(r.message ?? r.msg ?? '') };
    },
    enveloped: (json) => {
      const r = json as Record<string, unknown>;
      return String(r.code) === '200' && Array.isArray(r.data);
    },
  },
  binance: {
    marketId: (base) => `${base}USDT`,
    fields: (info) => ({ rate: info.lastFundingRate, at: info.time, contract: info.symbol }),
  },
};

export function createCcxtFundingVenue(opts: CcxtFundingOptions): FundingVenue & { close(): Promise<void> } {
  const id = opts.exchange;
  const responses = venueResponses(id);
  const rules = RULES[id];
  let building: Promise<{ exchange: Exchange; ccxt: CcxtModule }> | undefined;
  const markets = new Map<string, Record<string, unknown>>();

  function build() {
    building ??= loadCcxt().then((ccxt) => {
      const Ctor = { htx: ccxt.htx, okx: ccxt.okx, binance: ccxt.binance }[id];
      const exchange: Exchange = new Ctor({ enableRateLimit: true, timeout: opts.timeoutMs });
      if (opts.apiUrl) exchange.urls.api = rebaseUrls(exchange.urls.api, opts.apiUrl.replace(/\/+$/, ''));
      installResponseChecks(
        exchange,
        {
          errorPayload: rules.errorPayload ?? responses.errorPayload,
          enveloped: rules.enveloped ?? responses.enveloped,
        },
        ccxt,
      );
      return { exchange, ccxt };
    });
    return building;
  }

  /** The unified symbol of the pair's perpetual, its market given to ccxt on first use. */
  function perpetualOf(exchange: Exchange, symbol: string): string | null {
    const canonical = normaliseSymbol(symbol);
    if (!canonical.endsWith('USDT') || canonical.length <= 4) return null;
    const base = canonical.slice(0, -4);
    const unified = `${base}/USDT:USDT`;
    if (!markets.has(unified)) {
      markets.set(unified, {
        id: rules.marketId(base),
        symbol: unified,
        base,
        quote: 'USDT',
        settle: 'USDT',
        baseId: base,
        quoteId: 'USDT',
        settleId: 'USDT',
        type: 'swap',
        spot: false,
        margin: false,
        swap: true,
        future: false,
        option: false,
        contract: true,
        linear: true,
        inverse: false,
        active: true,
        info: {},
      });
      exchange.setMarkets([...markets.values()] as never);
    }
    return unified;
  }

  return {
    id,
    async rate(symbol) {
      const { exchange, ccxt } = await build();
      const unified = perpetualOf(exchange, symbol);
      if (!unified) return null;
      try {
        const answer = await exchange.fetchFundingRate(unified);
        const info = (answer.info ?? {}) as Record<string, unknown>;
        const fields = rules.fields(info);
        // An answer about another contract, or none (HTX's empty list): the venue has no such perpetual.
        if (
          fields.contract === undefined ||
          String(fields.contract).toUpperCase() !== rules.marketId(unified.split('/')[0]!).toUpperCase()
        ) {
          return null;
        }
        const rate = decimalText(fields.rate);
        if (rate === null) {
          throw new Upstream('bad_response', {
            reason: msg('marketData.reason.fundingRate', { value: String(fields.rate) }),
          });
        }
        const at = fields.at === null || fields.at === undefined ? null : Number(fields.at);
        return { rate, at: at !== null && Number.isFinite(at) && at > 0 ? at : null };
      } catch (err) {
        const error = classifyError(
          err,
          { id, name: responses.name, timeoutMs: opts.timeoutMs, ccxt },
          symbol,
        );
        if (error.kind === 'unknown_symbol') return null;
        throw error;
      }
    },
    async close() {
      const built = await building?.catch(() => null);
      if (!built) return;
      await built.exchange.close();
      const dispatcher = built.exchange.fetchDispatcher as { destroy?: () => Promise<void> } | undefined;
      await dispatcher?.destroy?.();
    },
  };
}
