/** /terms: Termini e Condizioni d'uso. */
import { LegalDocument } from '../components/legal-document';
import { TERMS } from '../data/terms';

export function TermsPage() {
  return <LegalDocument document={TERMS} />;
}
