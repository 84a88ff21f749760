import type { ReactNode } from 'react';

/** Money and identity screens are one column of cards and forms: on a wide screen they stay readable. */
export function NarrowColumn({ children }: { children: ReactNode }) {
  return <div style={{ width: '100%', maxWidth: 720, margin: '0 auto' }}>{children}</div>;
}
