/** 'Accetto i termini e le condizioni d'uso e l'informativa sulla privacy', each opening in a new tab (a new account's consent). */
import { UI_TEXT } from '@farmaponte/shared/ui-text';
import { ACCOUNT_TEXT } from '@farmaponte/shared/ui-text-account';
import { textLinkClasses } from '../../../components/ui/text-link';
import { PATHS } from '../../../lib/paths';

export function TermsConsentLabel() {
  return (
    <>
      {ACCOUNT_TEXT.termsConsentPrefix}{' '}
      <a href={PATHS.terms} target="_blank" rel="noopener" className={textLinkClasses}>
        {ACCOUNT_TEXT.termsConsentTerms}
        <span className="sr-only"> {UI_TEXT.opensInNewTab}</span>
      </a>{' '}
      {ACCOUNT_TEXT.termsConsentAnd}
      <a href={PATHS.privacy} target="_blank" rel="noopener" className={textLinkClasses}>
        {ACCOUNT_TEXT.termsConsentPrivacy}
        <span className="sr-only"> {UI_TEXT.opensInNewTab}</span>
      </a>
    </>
  );
}
