/** /privacy: Informativa sulla Privacy. */
import { LegalDocument } from '../components/legal-document';
import { PRIVACY } from '../data/privacy';

export function PrivacyPage() {
  return <LegalDocument document={PRIVACY} />;
}
