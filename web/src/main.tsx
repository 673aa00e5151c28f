import 'antd/dist/antd.css';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { en } from './app/locales/en.ts';
import { id } from './app/locales/id.ts';
import { AppProviders } from './app/providers.tsx';
import { installSession } from './app/session.ts';
import { registerDictionaries } from './lib/i18n.ts';
import { queryClient } from './lib/query-client.ts';
import { router } from './router.tsx';

// The texts of the shell and the public pages; the admin shell registers the generic blocks' and the domains' when it loads.
registerDictionaries({ en, id });
installSession(router, queryClient);

const container = document.getElementById('root');
if (!container) throw new Error('index.html lacks #root');

createRoot(container).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
