/** The frame of the pages without header and footer: brand on top, one white card, optional text below. */
import { UI_TEXT } from '@farmaponte/shared/ui-text';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { BrandMark } from '../../../components/ui/brand-mark';
import { cn } from '../../../lib/cn';
import { PATHS } from '../../../lib/paths';

interface TAuthCardProps {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  /** Under the card: "Non hai un account? Registrati" and the like. */
  below?: ReactNode;
  wide?: boolean;
}

export function AuthCard({ title, subtitle, children, below, wide = false }: TAuthCardProps) {
  return (
    <div className="flex flex-1 flex-col items-center px-4 py-8 sm:py-12">
      <Link
        to={PATHS.home}
        className="mb-6 flex min-h-11 items-center gap-2 rounded-lg text-2xl font-bold text-emerald-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700"
      >
        <BrandMark className="size-9" />
        {UI_TEXT.brand}
      </Link>
      <section
        className={cn(
          'w-full rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8',
          wide ? 'max-w-3xl' : 'max-w-md',
        )}
      >
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{title}</h1>
        {subtitle ? <p className="mt-2 text-base text-slate-700">{subtitle}</p> : null}
        <div className="mt-6">{children}</div>
      </section>
      {below ? <div className="mt-6 text-center text-base text-slate-700">{below}</div> : null}
    </div>
  );
}
