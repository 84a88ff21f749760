import { installChineseValidationMessages } from '@platform/contracts';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { StrictMode } from 'react';
import './index.css';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from './App.tsx';
import { createAppRouter } from './router.tsx';

dayjs.locale('zh-cn');
// zod's own messages (forms check fields with the shared contracts) in Chinese, as on the server.
installChineseValidationMessages();

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

createRoot(container).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={createAppRouter()} />
    </AppProviders>
  </StrictMode>,
);
