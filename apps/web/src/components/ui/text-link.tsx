import { Link, type LinkProps } from 'react-router';
import { cn } from '../../lib/cn';

export const textLinkClasses =
  'rounded font-semibold text-emerald-800 underline decoration-emerald-700/40 underline-offset-4 hover:decoration-emerald-700 ' +
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700';

/** An in-app link that reads as a link: underlined, brand colour. */
export function TextLink({ className, ...props }: LinkProps) {
  return <Link className={cn(textLinkClasses, className)} {...props} />;
}
