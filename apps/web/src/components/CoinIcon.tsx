import ADA from '@web3icons/core/svgs/tokens/background/ADA.svg.js';
import APT from '@web3icons/core/svgs/tokens/background/APT.svg.js';
import ARB from '@web3icons/core/svgs/tokens/background/ARB.svg.js';
import ATOM from '@web3icons/core/svgs/tokens/background/ATOM.svg.js';
import AVAX from '@web3icons/core/svgs/tokens/background/AVAX.svg.js';
import BCH from '@web3icons/core/svgs/tokens/background/BCH.svg.js';
import BNB from '@web3icons/core/svgs/tokens/background/BNB.svg.js';
import BTC from '@web3icons/core/svgs/tokens/background/BTC.svg.js';
import DOGE from '@web3icons/core/svgs/tokens/background/DOGE.svg.js';
import DOT from '@web3icons/core/svgs/tokens/background/DOT.svg.js';
import ETC from '@web3icons/core/svgs/tokens/background/ETC.svg.js';
import ETH from '@web3icons/core/svgs/tokens/background/ETH.svg.js';
import FIL from '@web3icons/core/svgs/tokens/background/FIL.svg.js';
import HBAR from '@web3icons/core/svgs/tokens/background/HBAR.svg.js';
import ICP from '@web3icons/core/svgs/tokens/background/ICP.svg.js';
import LINK from '@web3icons/core/svgs/tokens/background/LINK.svg.js';
import LTC from '@web3icons/core/svgs/tokens/background/LTC.svg.js';
import MATIC from '@web3icons/core/svgs/tokens/background/MATIC.svg.js';
import NEAR from '@web3icons/core/svgs/tokens/background/NEAR.svg.js';
import OP from '@web3icons/core/svgs/tokens/background/OP.svg.js';
import PEPE from '@web3icons/core/svgs/tokens/background/PEPE.svg.js';
import POL from '@web3icons/core/svgs/tokens/background/POL.svg.js';
import SHIB from '@web3icons/core/svgs/tokens/background/SHIB.svg.js';
import SOL from '@web3icons/core/svgs/tokens/background/SOL.svg.js';
import SUI from '@web3icons/core/svgs/tokens/background/SUI.svg.js';
import TRX from '@web3icons/core/svgs/tokens/background/TRX.svg.js';
import UNI from '@web3icons/core/svgs/tokens/background/UNI.svg.js';
import USDC from '@web3icons/core/svgs/tokens/background/USDC.svg.js';
import USDT from '@web3icons/core/svgs/tokens/background/USDT.svg.js';
import XLM from '@web3icons/core/svgs/tokens/background/XLM.svg.js';
import XRP from '@web3icons/core/svgs/tokens/background/XRP.svg.js';
import type { CSSProperties } from 'react';

/**
 * Coin icons (issue 33) from @web3icons/core (MIT, maintained: 4.x released through 2026), each an
 * SVG string bundled with the app, so nothing is fetched at run time. The `background` set (the
 * brand's colour behind the mark, cut to a circle) reads on light and dark alike; some `branded`
 * marks are white on nothing. Only the coins listed here are
 * bundled (the package holds thousands); any other coin gets its first letter in a circle.
 */
const SVGS: Record<string, string> = {
  BTC,
  ETH,
  SOL,
  XRP,
  DOGE,
  LTC,
  BNB,
  ADA,
  TRX,
  DOT,
  AVAX,
  LINK,
  MATIC,
  POL,
  SHIB,
  BCH,
  ETC,
  UNI,
  ATOM,
  FIL,
  NEAR,
  APT,
  ARB,
  OP,
  SUI,
  PEPE,
  USDT,
  USDC,
  XLM,
  HBAR,
  ICP,
};

const uris = new Map<string, string>();
function iconUri(coin: string): string | null {
  const svg = SVGS[coin];
  if (!svg) return null;
  let uri = uris.get(coin);
  if (!uri) {
    uri = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
    uris.set(coin, uri);
  }
  return uri;
}

/** Whether `coin` has a bundled icon (otherwise CoinIcon draws its letter). */
export const hasCoinIcon = (coin: string) => coin.toUpperCase() in SVGS;

// A steady colour per letter fallback, so one coin always looks the same.
const FALLBACK_COLORS = ['#1677ff', '#722ed1', '#13c2c2', '#fa8c16', '#eb2f96', '#52c41a', '#2f54eb'];
function fallbackColor(coin: string): string {
  let sum = 0;
  for (const ch of coin) sum += ch.charCodeAt(0);
  return FALLBACK_COLORS[sum % FALLBACK_COLORS.length] ?? '#1677ff';
}

export function CoinIcon({ coin, size = 24, style }: { coin: string; size?: number; style?: CSSProperties }) {
  const symbol = coin.toUpperCase();
  const uri = iconUri(symbol);
  const box: CSSProperties = { width: size, height: size, flex: 'none', borderRadius: '50%', ...style };
  if (uri) {
    return (
      <img
        src={uri}
        alt={symbol}
        width={size}
        height={size}
        style={box}
        data-testid={`coin-icon-${symbol}`}
      />
    );
  }
  return (
    <span
      role="img"
      aria-label={symbol}
      data-testid={`coin-icon-${symbol}`}
      data-fallback="true"
      style={{
        ...box,
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        background: fallbackColor(symbol),
        color: '#fff',
        fontSize: Math.round(size * 0.5),
        fontWeight: 600,
        lineHeight: 1,
      }}
    >
      {symbol.slice(0, 1) || '?'}
    </span>
  );
}
