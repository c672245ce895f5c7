/**
 * What happened, as a write records it (decision 087): a fact with the ids it concerns, recorded in the write's
 * transaction through `TEvents.record`. Subscribers, not the write, decide what follows: the notifications and their
 * mails (in the transaction: the outbox), the answers the hiring loop owes when an offer closes (in the transaction),
 * and after the commit, on every instance, the open-offer cache, the session cache and the live streams. The payload
 * travels between instances as JSON: ids, flags and short texts only.
 */
import type { TApplicationStatus, TNotificationType, TRole } from '@farmaponte/shared';

/** Why an application moved: who or what moved it, which the notifications and the calendar follow. */
export type TStatusCause =
  /** The offer's owner decided (accepted, rejected, cancelled an acceptance). */
  | 'owner'
  /** The pharmacist accepted an invitation (accepted at once). */
  | 'invitation'
  /** The pharmacist applied again after a withdrawal (sent). */
  | 'pharmacist'
  /** The owner opened the applicant's CV (seen). */
  | 'cv_opened'
  /** The offer's last place was taken: the applications still waiting are answered (rejected). */
  | 'offer_filled'
  /** The offer was closed (by its owner, an admin, a suspension): the applications still waiting are answered. */
  | 'offer_closed'
  /** The pharmacist was confirmed for a shift at the same hours (withdrawn). */
  | 'booked_elsewhere'
  /** The pharmacist's account was suspended (withdrawn). */
  | 'suspension';

type TApplicationIds = { applicationId: number; offerId: number; pharmacistId: number; ownerId: number };

export type TDomainEvent =
  // The hiring loop
  | ({ type: 'application.submitted' } & TApplicationIds)
  | ({
      type: 'application.status_changed';
      from: TApplicationStatus;
      to: TApplicationStatus;
      cause: TStatusCause;
      /** The owner's words, or the standard sentence of an automatic answer. */
      message: string | null;
    } & TApplicationIds)
  /** She was confirmed for `applicationId`'s shift: her waiting applications `withdrawnIds` for the same hours went. */
  | ({ type: 'pharmacist.booked'; withdrawnIds: number[] } & TApplicationIds)
  // Offers
  | { type: 'offer.published'; offerIds: number[]; ownerId: number }
  | { type: 'offer.updated'; offerId: number; ownerId: number }
  | { type: 'offer.closed'; offerId: number; ownerId: number; by: 'owner' | 'admin' }
  | { type: 'offer.reopened'; offerId: number; ownerId: number }
  /** Marked urgent (decision 096): the pharmacists it reached are its urgent_alerts rows, written in the same transaction. */
  | { type: 'offer.marked_urgent'; offerId: number; ownerId: number }
  /** Recorded before the offer is deleted: its applicants are still there to be told. */
  | { type: 'offer.deleting'; offerId: number; ownerId: number }
  /** Where an owner's offers are placed changed (an admin set the pharmacy's coordinates). */
  | { type: 'pharmacy.moved'; ownerId: number }
  // Invitations
  | {
      type: 'invitation.sent';
      invitationId: number;
      offerId: number;
      pharmacistId: number;
      ownerId: number;
      message: string | null;
    }
  | { type: 'invitation.accepted'; invitationId: number; offerId: number; pharmacistId: number; ownerId: number }
  | {
      type: 'invitation.declined';
      invitationId: number;
      offerId: number;
      pharmacistId: number;
      ownerId: number;
      reason: string | null;
    }
  // Threads
  | {
      type: 'message.posted';
      messageId: number;
      applicationId: number;
      authorId: number;
      recipientId: number;
      /** The message opened a quiet spell: the recipient is told in the bell and by mail (decision 072). */
      tell: boolean;
    }
  | { type: 'messages.read'; applicationId: number; readerId: number; otherId: number }
  // After the shift
  /** `day`: the first day corrected (the owner's link opens its month). */
  | { type: 'hours.submitted'; applicationId: number; ownerId: number; pharmacistId: number; day: string }
  | {
      type: 'hours.answered';
      applicationId: number;
      ownerId: number;
      pharmacistId: number;
      confirmed: boolean;
      note: string | null;
    }
  // People
  | {
      type: 'verification.decided';
      userId: number;
      role: Extract<TRole, 'farmacista' | 'titolare'>;
      approved: boolean;
      reason: string | null;
      /** An approved owner's offers that went out with the approval. */
      published: number;
    }
  | { type: 'user.suspended'; userId: number }
  | { type: 'user.reinstated'; userId: number }
  /** Recorded by the erasure in its transaction: after the commit, the account and everything it owned are gone. */
  | { type: 'user.erased'; userId: number }
  /** Sessions of the user ended (logout, logout everywhere, a password reset, the second step reset by an admin). */
  | { type: 'session.ended'; userId: number }
  /** The one-click unsubscribe of a type of mail (the alerts' also withdraws the communication consent). */
  | { type: 'mail.unsubscribed'; userId: number; notificationType: TNotificationType }
  // The rounds of the background jobs
  /** A verified albo entry is due for its yearly check again (pending). */
  | { type: 'albo.recheck_due'; userIds: number[] }
  /** New offers for a saved search (decision 026): each line an offer, already worded; `mail` while consent is given. */
  | { type: 'alert.matched'; userId: number; searchName: string; link: string; lines: string[]; mail: boolean }
  /** The shift of an accepted application starts within the reminder's hours. */
  | { type: 'shift.reminder_due'; applicationId: number; pharmacistId: number; ownerId: number }
  /** A pharmacist's professional insurance ends within INSURANCE.reminderDays (decision 093): told once per expiry. */
  | { type: 'insurance.expiring'; userId: number; expiresOn: string; company: string }
  /** The review window of an application's shift opened: both sides are asked. */
  | { type: 'review.requested'; applicationId: number; pharmacistId: number; ownerId: number }
  /** Reviews made public (both written, or the window closed). */
  | { type: 'reviews.published'; reviewIds: number[] }
  /** A notification written for a user (the bell of their open pages updates). */
  | { type: 'notification.created'; userId: number }
  // Contracts (decision 093)
  /** A version of a freelance engagement's contract was written: the first at the acceptance, a new one on a change. */
  | {
      type: 'contract.written';
      contractId: number;
      applicationId: number;
      version: number;
      pharmacistId: number;
      ownerId: number;
    }
  /** Both sides have now confirmed the current version (the second confirmation). */
  | { type: 'contract.confirmed'; contractId: number; version: number; pharmacistId: number | null; ownerId: number | null }
  // A negotiation on the pay (decision 094); `reason` is the words sent with the step, if any.
  /** She proposed other terms: with her application, her invitation's answer, or on her waiting application. */
  | ({ type: 'proposal.made'; reason: string | null } & TApplicationIds)
  /** The pharmacy accepted, countered or declined her proposal. */
  | ({ type: 'proposal.decided'; decision: 'accept' | 'counter' | 'decline'; reason: string | null } & TApplicationIds)
  /** She accepted or declined the pharmacy's counter. */
  | ({ type: 'counter.decided'; decision: 'accept' | 'decline'; reason: string | null } & TApplicationIds)
  // Invoices (decision 095): the names and figures the notifications word, as they are on the invoice.
  /** She issued an invoice to the pharmacies whose shifts it bills. */
  | {
      type: 'invoice.issued';
      invoiceId: number;
      number: string;
      pharmacist: string;
      pharmacyIds: number[];
      amountDue: number;
      dueOn: string;
    }
  /** The pharmacy marked her invoice paid. */
  | { type: 'invoice.paid'; invoiceId: number; number: string; pharmacistId: number; pharmacy: string }
  /** An invoice past its due day and unpaid, claimed once by the overdue job. */
  | { type: 'invoice.overdue'; invoiceId: number; number: string; pharmacist: string; pharmacyIds: number[]; dueOn: string }
  // Organisations (decision 089)
  /** Who may act for an organisation's pharmacies changed (a member added, changed or removed, a pharmacy added). */
  | { type: 'organisation.members_changed'; organisationId: number; userIds: number[] };

export type TDomainEventType = TDomainEvent['type'];
export type TEventOf<T extends TDomainEventType> = Extract<TDomainEvent, { type: T }>;
