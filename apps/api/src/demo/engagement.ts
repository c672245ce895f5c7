/**
 * The demo's engagement (decision 093): Giulia keeps her professional file (codice fiscale, partita IVA in the flat-rate
 * regime, an insurance policy with its PDF, her ECM credits) and applies as a freelancer to the Milan owner's Saturday
 * cover; the owner accepts, which writes the contratto d'opera, and confirms it. Giulia finds it waiting for her
 * confirmation when she logs in, and the owner's employee shifts keep their CCNL level.
 */
import { addDays } from '@farmaponte/shared';
import type { TDb } from '../db/client';
import { makeCvPdf } from '../factories';
import type { TEvents } from '../lib/event-bus';
import { confirmContract, contractOfApplication } from '../modules/contracts/service';
import { saveInsuranceDocument } from '../modules/professional-file/document';
import { saveProfessionalFile } from '../modules/professional-file/service';

export interface TDemoEngagementSteps {
  publish: (input: Record<string, unknown>) => Promise<{ id: number }>;
  apply: (offerId: number) => Promise<{ id: number }>;
  accept: (applicationId: number) => Promise<void>;
}

/**
 * Giulia's file, a freelance `saturday` in Milan accepted and confirmed by the pharmacy; her side left to her, so the
 * demo shows a contract waiting for its second confirmation.
 */
export async function seedDemoEngagement(
  db: TDb,
  events: TEvents,
  people: { giulia: number; milano: number; milanoEmail: string },
  steps: TDemoEngagementSteps,
  { now, today, saturday }: { now: Date; today: string; saturday: string },
): Promise<{ applicationId: number }> {
  await saveProfessionalFile(
    db,
    people.giulia,
    {
      codice_fiscale: 'BNCGLI92D55A794P',
      birth_date: '1992-04-15',
      birth_place_code: 'A794',
      partita_iva: '01234567897',
      tax_regime: 'forfettario',
      insurance_company: 'Assicurazioni Lombarde',
      insurance_policy_number: 'RC-2026-004512',
      insurance_cover: 1_000_000,
      insurance_expires_on: addDays(today, 300),
      ecm_period_start: 2026,
      ecm_credits: 45,
      // Her domicilio fiscale, which her invoices name (decision 095).
      fiscal_street: 'Via Paolo Sarpi 14',
      fiscal_cap: '20154',
      fiscal_comune_istat: '015146',
      iban: 'IT60X0542811101000000123456',
    },
    now,
    today,
  );
  await saveInsuranceDocument(
    db,
    people.giulia,
    await makeCvPdf('Polizza RC professionale – Giulia Bianchi'),
    'polizza.pdf',
    now,
  );
  const offer = await steps.publish({
    title: 'Sostituzione in libera professione',
    description: 'Copertura del sabato al banco, in libera professione con partita IVA: contratto d’opera in Farmaponte.',
    salary: '25 €/ora',
    start_time: '08:30',
    end_time: '13:30',
    date_from: saturday,
    date_to: saturday,
    legal_forms: ['libera_professione'],
  });
  const { id: applicationId } = await steps.apply(offer.id);
  await steps.accept(applicationId);
  const owner = {
    side: 'owner' as const,
    pharmacyId: people.milano,
    actorId: people.milano,
    actorName: 'Francesca Colombo',
    email: people.milanoEmail,
  };
  const contract = await contractOfApplication(db, owner, applicationId, now);
  await confirmContract(db, events, owner, contract.id, contract.sha256, now);
  return { applicationId };
}
