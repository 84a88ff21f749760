import { Avatar } from 'antd';
import { useState } from 'react';

const PALETTE = ['#f56a00', '#7265e6', '#00a2ae', '#1677ff', '#389e0d', '#eb2f96', '#d48806', '#08979c'];

/** A stable colour per currency, so that a coin keeps its colour from one visit to the next. */
export function logoColour(currency: string): string {
  let hash = 0;
  for (const char of currency) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) % 9973;
  return PALETTE[hash % PALETTE.length] ?? '#1677ff';
}

/**
 * The pair's logo; without one, or when it fails to load, a coloured circle with the base currency's
 * first letter (antd's Avatar shows its children once the image has failed).
 */
export function PairLogo({ baseCurrency, logoUrl }: { baseCurrency: string; logoUrl: string | null }) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const showImage = Boolean(logoUrl) && failedUrl !== logoUrl;
  return (
    <Avatar
      size={28}
      src={showImage ? logoUrl : undefined}
      alt={baseCurrency}
      onError={() => {
        setFailedUrl(logoUrl);
        return true;
      }}
      style={showImage ? { flex: 'none' } : { flex: 'none', backgroundColor: logoColour(baseCurrency) }}
      data-testid={`pair-logo-${baseCurrency}`}
      data-fallback={showImage ? undefined : 'true'}
    >
      {baseCurrency.slice(0, 1).toUpperCase() || '?'}
    </Avatar>
  );
}
