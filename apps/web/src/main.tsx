import { installChineseValidationMessages } from '@platform/contracts';
import { StrictMode } from 'react';
import './index.css';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from './App.tsx';
// The language (device choice, else the browser's), with dayjs's locale, before the first render.
import './i18n/index.ts';
import { applyAppearance } from './lib/appearance.ts';
import { createAppRouter } from './router.tsx';

// zod's own messages (forms check fields with the shared contracts) in Chinese, as on the server.
installChineseValidationMessages();
// This device's 涨跌颜色 (and theme) before the first paint.
applyAppearance();

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

createRoot(container).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={createAppRouter()} />
    </AppProviders>
  </StrictMode>,
);
