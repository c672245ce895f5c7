import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Providers } from './app/providers';
import { router } from './app/router';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

createRoot(root).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);

// The first Intl formatter a page creates costs 35–70 ms here (Chromium loads ICU's locale data), and the search page
// created its first ones while evaluating its code, its longest task (bench/web.ts). Made while the page waits for the
// network instead, the page's own formatters are then ready at once.
const warmUpIntl = () => {
  new Intl.DateTimeFormat('it-IT', { day: 'numeric', month: 'long', timeZone: 'Europe/Rome' }).format(0);
  new Intl.NumberFormat('it-IT', { maximumFractionDigits: 2 }).format(0);
};
if ('requestIdleCallback' in window) requestIdleCallback(warmUpIntl, { timeout: 1000 });
else setTimeout(warmUpIntl, 0);
