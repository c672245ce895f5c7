import { QueryClient } from '@tanstack/react-query';

export const queryClient = new QueryClient({
  defaultOptions: {
    // offlineFirst: offline, a query still asks once, and the service worker answers with its copy of a kept list
    // (decision 096); the query library's own default would wait for the line without asking.
    queries: { refetchOnWindowFocus: false, retry: 1, networkMode: 'offlineFirst' },
    mutations: { retry: false },
  },
});
