/** A legal page: title, date of the last update, table of contents, numbered sections. */
import { UI_TEXT } from '@farmaponte/shared/ui-text';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { BrandMark } from '../../../components/ui/brand-mark';
import { pageTitle } from '../../../lib/page-title';
import { PATHS } from '../../../lib/paths';

export interface TLegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

export interface TLegalDocument {
  title: string;
  lastUpdated: string;
  intro: ReactNode;
  sections: TLegalSection[];
}

export function LegalDocument({ document }: { document: TLegalDocument }) {
  return (
    <div className="flex flex-1 flex-col">
      <title>{pageTitle(document.title)}</title>
      <div className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-3xl items-center justify-between gap-4 px-4 py-3">
          <Link
            to={PATHS.home}
            className="flex min-h-11 items-center gap-2 rounded-lg text-lg font-bold text-emerald-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700"
          >
            <BrandMark className="size-7" />
            {UI_TEXT.brand}
          </Link>
        </div>
      </div>
      <article className="mx-auto w-full max-w-3xl px-4 py-8 sm:py-12" aria-labelledby="legal-title">
        <h1 id="legal-title" className="text-3xl font-bold text-slate-900">
          {document.title}
        </h1>
        <p className="mt-2 text-sm text-slate-600">
          {UI_TEXT.lastUpdated} <time>{document.lastUpdated}</time>
        </p>
        <div className="legal-prose mt-6">{document.intro}</div>
        <nav aria-labelledby="legal-toc" className="mt-8 rounded-xl border border-slate-200 bg-white p-5">
          <h2 id="legal-toc" className="text-base font-semibold text-slate-900">
            {UI_TEXT.tableOfContents}
          </h2>
          <ol className="mt-3 list-decimal space-y-1.5 pl-5 text-sm text-slate-800 marker:text-slate-500">
            {document.sections.map((section) => (
              <li key={section.id}>
                <a
                  href={`#${section.id}`}
                  className="rounded underline decoration-emerald-700/40 underline-offset-4 hover:text-emerald-800 focus-visible:outline-2 focus-visible:outline-emerald-700"
                >
                  {section.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        {document.sections.map((section, index) => (
          <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`} className="mt-10 scroll-mt-6">
            <h2 id={`${section.id}-title`} className="text-xl font-semibold text-slate-900">
              {index + 1}. {section.title}
            </h2>
            <div className="legal-prose mt-3">{section.body}</div>
          </section>
        ))}
      </article>
    </div>
  );
}
