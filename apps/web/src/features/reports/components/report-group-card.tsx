/**
 * One target on /segnalazioni (decision 062): the offer or person reported, who they are (role, verification,
 * suspension), their earlier reports, each report of the group (with the review it names, decision 074), and (while
 * open) the ways to resolve them: archive, hide the offer, suspend the person, hide a review a report names.
 */
import type { TAdminReport, TReportAction, TReportResolvedAction, TReportReview } from '@farmaponte/shared';
import { UI_TEXT } from '@farmaponte/shared/ui-text';
import { ADMIN_TEXT } from '@farmaponte/shared/ui-text-admin';
import { useId } from 'react';
import { Button } from '../../../components/ui/button';
import { Stars } from '../../../components/ui/stars';
import { formatDateTime } from '../../../lib/dates';

/** The offer's status in Italian ('' once the offer is gone). */
function offerStatusName(status: string | null): string {
  if (!status) return '';
  return UI_TEXT.offerStatusNames[status as keyof typeof UI_TEXT.offerStatusNames] ?? status;
}

interface TReportGroupCardProps {
  reports: TAdminReport[];
  onResolve: (report: TAdminReport, action: TReportAction, button: HTMLButtonElement) => void;
  onHideReview: (report: TAdminReport, review: TReportReview, button: HTMLButtonElement) => void;
}

/** The review a report names, as the desk reads it: its offer, stars and comment. */
function ReportedReview({ review, id }: { review: TReportReview; id: string }) {
  return (
    <figure id={id} className="mt-2 rounded-lg border border-slate-200 bg-white px-3 py-2">
      <figcaption className="font-medium text-slate-900">{ADMIN_TEXT.reportsReview(review.offer_title)}</figcaption>
      <p className="mt-1">
        <Stars value={review.rating} />
      </p>
      <blockquote className="mt-1 whitespace-pre-line break-words text-slate-800">
        {review.comment || ADMIN_TEXT.reportsReviewNoComment}
      </blockquote>
      {review.hidden ? <p className="mt-1 font-medium text-red-800">{ADMIN_TEXT.reportsReviewHidden}</p> : null}
    </figure>
  );
}

export function ReportGroupCard({ reports, onResolve, onHideReview }: TReportGroupCardProps) {
  const titleId = useId();
  const reviewId = useId();
  const [first] = reports;
  if (!first) return null;
  const { target } = first;
  const isOffer = first.target_type === 'offer';
  const actions: TReportAction[] = isOffer ? ['dismiss', 'hide_offer', 'suspend_user'] : ['dismiss', 'suspend_user'];
  // Each review the group's reports name, once (beside its first report), while it is still shown: the desk may hide it.
  const reviewsToHide = new Map<number, { report: TAdminReport; review: TReportReview }>();
  for (const report of reports)
    if (report.review && !report.review.hidden && !reviewsToHide.has(report.review.id))
      reviewsToHide.set(report.review.id, { report, review: report.review });
  const reviewBlockId = (id: number) => `${reviewId}-${id}`;
  const verification = ADMIN_TEXT.reportsVerificationStatus[target.verification_status ?? 'none'] ?? '';
  return (
    <article aria-labelledby={titleId} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={titleId} className="min-w-0 break-words text-lg font-semibold text-slate-900">
          {isOffer ? ADMIN_TEXT.reportsTargetOffer(target.label) : ADMIN_TEXT.reportsTargetUser(target.label)}
        </h2>
        <p className="text-sm font-medium text-red-800">{ADMIN_TEXT.reportsCount(reports.length)}</p>
      </div>
      <dl className="mt-3 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_minmax(0,1fr)]">
        <dt className="font-medium text-slate-700">{ADMIN_TEXT.reportsPerson}</dt>
        <dd className="break-words text-slate-900">
          {[target.user_name, target.user_email, target.user_role ? UI_TEXT.roleNames[target.user_role] : '']
            .filter(Boolean)
            .join(' · ')}
        </dd>
        <dt className="font-medium text-slate-700">{ADMIN_TEXT.reportsVerification}</dt>
        <dd className="text-slate-900">{verification}</dd>
        {isOffer ? (
          <>
            <dt className="font-medium text-slate-700">{ADMIN_TEXT.reportsOfferStatus}</dt>
            <dd className="text-slate-900">
              {[offerStatusName(target.offer_status), target.offer_hidden ? ADMIN_TEXT.reportsOfferHidden : '']
                .filter(Boolean)
                .join(' · ')}
            </dd>
          </>
        ) : null}
      </dl>
      {target.suspended ? (
        <p className="mt-3 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm font-medium text-red-900">
          {ADMIN_TEXT.reportsSuspended}
        </p>
      ) : null}
      <p className="mt-3 text-sm text-slate-700">
        {ADMIN_TEXT.reportsHistory(
          first.earlier_reports,
          first.earlier_actions.map((a) => ADMIN_TEXT.reportsActions[a as TReportResolvedAction] ?? a).join(', '),
        )}
      </p>
      <ul className="mt-4 flex flex-col gap-3">
        {reports.map((report) => (
          <li key={report.id} className="rounded-lg bg-slate-50 px-3 py-2 text-sm">
            <p className="font-medium text-slate-900">
              {UI_TEXT.reportReasons[report.reason]} · {formatDateTime(report.created_at)}
            </p>
            {report.details ? <p className="mt-1 whitespace-pre-line break-words text-slate-800">{report.details}</p> : null}
            {report.review ? <ReportedReview review={report.review} id={reviewBlockId(report.id)} /> : null}
            <p className="mt-1 text-slate-600">{ADMIN_TEXT.reportsReporter(report.reporter_email)}</p>
            {report.resolved_action ? (
              <p className="mt-1 text-slate-700">
                {ADMIN_TEXT.reportsResolvedAs(ADMIN_TEXT.reportsActions[report.resolved_action], report.resolved_note ?? '')}
              </p>
            ) : null}
          </li>
        ))}
      </ul>
      {first.status === 'open' ? (
        <div className="mt-4 flex flex-wrap gap-3 [&>button]:flex-1 sm:[&>button]:flex-none">
          {actions.map((action) => (
            <Button
              key={action}
              variant={action === 'dismiss' ? 'secondary' : 'danger'}
              aria-haspopup="dialog"
              aria-describedby={titleId}
              onClick={(event) => onResolve(first, action, event.currentTarget)}
            >
              {ADMIN_TEXT.reportsActions[action]}
            </Button>
          ))}
          {[...reviewsToHide.values()].map(({ report, review }) => (
            <Button
              key={`review-${review.id}`}
              variant="danger"
              aria-haspopup="dialog"
              aria-describedby={reviewBlockId(report.id)}
              onClick={(event) => onHideReview(report, review, event.currentTarget)}
            >
              {ADMIN_TEXT.reportsActions.hide_review}
            </Button>
          ))}
        </div>
      ) : null}
    </article>
  );
}
