/**
 * The app itself, in a chunk of its own that the entry imports once it has been evaluated (decision 064): the entry
 * holds React and its renderer, this chunk the router, the query cache, the shell and the pages' shared code, so the
 * browser evaluates them in two tasks instead of one (on a phone with a slow CPU each was over 100 ms together).
 */
import type { ReactNode } from 'react';
import { RouterProvider } from 'react-router';
import { Providers } from './providers';
import { createAppRouter } from './router';

/** The app's tree, with its router made now (its first navigation and loaders start here). */
export function appTree(): ReactNode {
  return (
    <Providers>
      <RouterProvider router={createAppRouter()} />
    </Providers>
  );
}
