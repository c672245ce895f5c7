/**
 * The engagement's answers that more than one feature reads (decision 093): the pharmacist's professional file (her
 * page, and the apply dialog that checks it before a freelance application) and an application's contract (its page,
 * and the status beside an accepted shift). Each read once and kept in the cache under `engagementKeys`.
 */
import type { TLegalForm } from '@farmaponte/shared/engagement';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../api-client';

export const PROFESSIONAL_FILE_PATH = '/api/me/professional-file/';

export const engagementKeys = {
  professionalFile: ['professional-file'] as const,
  contract: (applicationId: number) => ['contract', applicationId] as const,
};

export interface TBirthPlace {
  code: string;
  name: string;
  province: string;
}

/** GET /api/me/professional-file/: empty strings and nulls where never filled. */
export interface TProfessionalFile {
  codice_fiscale: string;
  birth_date: string | null;
  birth_place: TBirthPlace | null;
  partita_iva: string;
  tax_regime: 'forfettario' | 'ordinario' | '' | null;
  insurance: {
    company: string;
    policy_number: string;
    cover: number | null;
    expires_on: string | null;
    document: { name: string; size: number; sha256: string } | null;
  };
  ecm: { period_start: number | null; period: string; credits: number | null; required: number };
  ready_for_freelance: boolean;
  missing_for_freelance: string[];
  updated_at: string | null;
}

export const professionalFileQueryOptions = () =>
  queryOptions({
    queryKey: engagementKeys.professionalFile,
    queryFn: ({ signal }) => apiRequest<TProfessionalFile>(PROFESSIONAL_FILE_PATH, { signal, pharmacy: null }),
    staleTime: 30_000,
  });

export function useProfessionalFile({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...professionalFileQueryOptions(), enabled });
}

export type TContractStatus = 'da_confermare' | 'confermato_da_entrambi';

export interface TContractVersion {
  id: number;
  version: number;
  sha256: string;
  created_at: string;
  superseded_at: string | null;
  owner_confirmed_at: string | null;
  pharmacist_confirmed_at: string | null;
}

/** The contract's terms as both sides saw them when the version was written (the API's snapshot). */
export interface TContractTerms {
  template: { version: string; since: string; source: string };
  organisation: { name: string; partita_iva: string; codice_fiscale: string; sede_legale: string; pec: string };
  pharmacy: { name: string; address: string; comune: string };
  pharmacist: {
    name: string;
    surname: string;
    codice_fiscale: string;
    partita_iva: string;
    tax_regime: string | null;
    albo: { number: string; ordine: string; date: string };
    insurance: { company: string; policy_number: string; cover: number | null; expires_on: string | null };
  };
  shift: {
    title: string;
    date_from: string | null;
    date_to: string | null;
    days: number;
    start_time: string | null;
    end_time: string | null;
    minutes_per_day: number | null;
    total_minutes: number | null;
  };
  fee: { hourly: number | null; expenses: number; total: number | null };
  cancellation: { notice_hours: number; late_share: number };
  retention: { years: number; keep_until: string; source: string };
}

/** GET /api/applications/{id}/contract/. */
export interface TContract {
  id: number;
  version: number;
  sha256: string;
  created_at: string;
  status: TContractStatus;
  owner_confirmation: { at: string; by_name: string } | null;
  pharmacist_confirmation: { at: string } | null;
  terms: TContractTerms;
  pdf_url: string;
  versions: TContractVersion[];
}

export const contractPath = (applicationId: number) => `/api/applications/${applicationId}/contract/`;

export const contractQueryOptions = (applicationId: number) =>
  queryOptions({
    queryKey: engagementKeys.contract(applicationId),
    queryFn: ({ signal }) => apiRequest<TContract>(contractPath(applicationId), { signal }),
    // No contract (an employee's application) is an answer, not a failure to retry.
    retry: (failureCount, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < 1,
  });

export function useContract(applicationId: number, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...contractQueryOptions(applicationId), enabled });
}
