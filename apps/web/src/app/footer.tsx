/** Footer (docs/product.md#frame): rights notice, contact e-mail, privacy and terms. */
import { UI_TEXT } from '@farmaponte/shared/ui-text';
import { Link } from 'react-router';
import { PATHS } from '../lib/paths';

const linkClasses =
  'rounded underline decoration-emerald-700/40 underline-offset-4 hover:text-emerald-800 hover:decoration-emerald-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700';

export function Footer() {
  return (
    <footer className="mt-auto border-t border-slate-200 bg-white">
      <div className="mx-auto flex max-w-5xl flex-col gap-3 px-4 py-6 text-sm text-slate-700 sm:flex-row sm:items-center sm:justify-between">
        <p>{UI_TEXT.rightsNotice}</p>
        <p>
          {UI_TEXT.contactLabel}{' '}
          <a href={`mailto:${UI_TEXT.contactEmail}`} className={linkClasses}>
            {UI_TEXT.contactEmail}
          </a>
        </p>
        <nav aria-label={UI_TEXT.legalNavigation}>
          <ul className="flex gap-4">
            <li>
              <Link to={PATHS.privacy} className={linkClasses}>
                {UI_TEXT.privacyLink}
              </Link>
            </li>
            <li>
              <Link to={PATHS.terms} className={linkClasses}>
                {UI_TEXT.termsLink}
              </Link>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}
