import { QueryClient } from '@tanstack/react-query';
import { subscribeCurrentPharmacy } from '../lib/current-pharmacy';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { refetchOnWindowFocus: false, retry: 1 },
    mutations: { retry: false },
  },
});

// Another pharmacy chosen (here or in another tab): every list read again, for the pharmacy now acted for.
subscribeCurrentPharmacy(() => void queryClient.invalidateQueries());
