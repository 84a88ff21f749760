import type { CSSProperties } from 'react';

/** One row of 我的's menu (a link, or the 联系客服 row that is not one). */
export const MENU_ROW_STYLE: CSSProperties = {
  display: 'flex',
  alignItems: 'center',
  gap: 12,
  minHeight: 52,
  padding: '0 4px',
  borderBottom: '1px solid var(--app-divider)',
  color: 'var(--app-text)',
};
export const MENU_ICON_STYLE: CSSProperties = {
  fontSize: 18,
  color: '#1677ff',
  width: 22,
  textAlign: 'center',
};
