import type { ComponentProps, ReactNode } from 'react';
import { Link, type LinkProps } from 'react-router';
import { cn } from '../../lib/cn';
import { SpinnerIcon } from './spinner';

type TVariant = 'primary' | 'secondary' | 'danger' | 'ghost';
type TSize = 'md' | 'lg';

const BASE =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-lg font-semibold transition-colors ' +
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700 ' +
  'disabled:cursor-not-allowed disabled:opacity-60 aria-busy:cursor-progress';

const VARIANTS: Record<TVariant, string> = {
  primary: 'bg-emerald-700 text-white shadow-sm hover:bg-emerald-800 active:bg-emerald-900',
  secondary: 'border border-emerald-700 bg-white text-emerald-800 hover:bg-emerald-50 active:bg-emerald-100',
  danger: 'bg-red-700 text-white shadow-sm hover:bg-red-800 focus-visible:outline-red-700 active:bg-red-900',
  ghost: 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
};

const SIZES: Record<TSize, string> = { md: 'px-4 py-2 text-sm', lg: 'px-5 py-3 text-base' };

export function buttonClasses(variant: TVariant = 'primary', size: TSize = 'md', className?: string) {
  return cn(BASE, VARIANTS[variant], SIZES[size], className);
}

export interface TButtonProps extends ComponentProps<'button'> {
  variant?: TVariant;
  size?: TSize;
  /** Shows a spinner and blocks further clicks while an action runs. */
  loading?: boolean;
  children: ReactNode;
}

export function Button({
  variant,
  size,
  loading = false,
  disabled,
  className,
  type = 'button',
  children,
  ...props
}: TButtonProps) {
  return (
    <button
      type={type}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      className={buttonClasses(variant, size, className)}
      {...props}
    >
      {loading ? <SpinnerIcon /> : null}
      {children}
    </button>
  );
}

/** An in-app link that looks like a button. */
export function ButtonLink({ variant, size, className, ...props }: LinkProps & { variant?: TVariant; size?: TSize }) {
  return <Link className={buttonClasses(variant, size, className)} {...props} />;
}
