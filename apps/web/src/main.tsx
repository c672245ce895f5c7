import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

// The entry holds React and its renderer; the app comes in a chunk of its own (the HTML preloads it), evaluated in a
// task of its own, and the router and the first render in another task after that (decisions 058 and 064).
void import('./app/start').then(({ appTree }) => {
  setTimeout(() => {
    createRoot(root).render(<StrictMode>{appTree()}</StrictMode>);
  }, 0);
});
