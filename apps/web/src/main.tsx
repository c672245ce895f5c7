import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Providers } from './app/providers';
import { createAppRouter } from './app/router';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

// Each step in a task of its own after the one that evaluated the entry (decisions 058, 077 and 079): the router made
// (its routes ranked), the router started (the first page matched, its loaders and code started), the first render.
setTimeout(() => {
  const router = createAppRouter();
  setTimeout(() => {
    router.initialize();
    setTimeout(() => {
      createRoot(root).render(
        <StrictMode>
          <Providers>
            <RouterProvider router={router} />
          </Providers>
        </StrictMode>,
      );
    }, 0);
  }, 0);
}, 0);

// The service worker (decision 096): registered from a chunk of its own once the page has loaded; not in the dev
// server, whose files change under it.
if (import.meta.env.PROD && 'serviceWorker' in navigator)
  window.addEventListener('load', () => void import('./app/service-worker-registration'), { once: true });
