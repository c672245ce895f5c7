/**
 * GET /api/health/ tells each periodic job's last success (in any instance) and whether it is late, and stays 200
 * for the load balancer while a job is late: only the database makes it 503.
 */
import { describe, expect, it } from 'vitest';
import { buildOtherInstance, useTestApp } from '../../../test/helpers';

const t = useTestApp();

describe('the jobs in the health check', () => {
  it('reports a job late after three periods without a success, stays 200, and shows the success of another instance', async () => {
    const health = async (app = t.app) => {
      const response = await app.inject({ method: 'GET', url: '/api/health/' });
      expect(response.statusCode).toBe(200);
      // The nightly albo re-check, audit and availability pruning, retention and the morning's insurance and overdue
      // invoice reminders are late or not by the hour of the day (the rule is tested in jobs.test.ts).
      const {
        'albo-recheck': albo,
        'audit-prune': prune,
        'availability-prune': availabilityPrune,
        'insurance-reminders': insurance,
        'invoice-overdue': overdue,
        retention,
        ...jobs
      } = response.json().jobs;
      expect(insurance).toMatchObject({ last_success: null });
      expect(overdue).toMatchObject({ last_success: null });
      expect(albo).toMatchObject({ last_success: null });
      expect(prune).toMatchObject({ last_success: null });
      expect(availabilityPrune).toMatchObject({ last_success: null });
      expect(retention).toMatchObject({ last_success: null });
      return jobs;
    };
    expect(await health()).toEqual({
      'auto-invitations': { last_success: null, late: false },
      'calendar-refresh': { last_success: null, late: false },
      'mail-outbox': { last_success: null, late: false },
      'offer-alerts': { last_success: null, late: false },
      'push-outbox': { last_success: null, late: false },
      'review-invitations': { last_success: null, late: false },
      'reviews-publish': { last_success: null, late: false },
      'shift-reminders': { last_success: null, late: false },
    });

    // No instance has run the jobs for four minutes: the outboxes (every 2 s), the alerts and the auto-invitations (every
    // minute) are late.
    t.clock.advance(4 * 60_000);
    expect(await health()).toEqual({
      'auto-invitations': { last_success: null, late: true },
      // The external calendars' refresh runs every 2 minutes: late after 6.
      'calendar-refresh': { last_success: null, late: false },
      'mail-outbox': { last_success: null, late: true },
      'offer-alerts': { last_success: null, late: true },
      'push-outbox': { last_success: null, late: true },
      // The reviews' jobs run every 15 minutes: late after 45.
      'review-invitations': { last_success: null, late: false },
      'reviews-publish': { last_success: null, late: false },
      'shift-reminders': { last_success: null, late: false },
    });

    const other = await buildOtherInstance(t);
    try {
      // The other instance sends the mails; this one learns it from job_runs.
      await other.outbox.runOnce();
      const sentAt = t.clock.now.toISOString();
      expect(await health()).toEqual({
        'auto-invitations': { last_success: null, late: true },
        'calendar-refresh': { last_success: null, late: false },
        'mail-outbox': { last_success: sentAt, late: false },
        'offer-alerts': { last_success: null, late: true },
        'push-outbox': { last_success: null, late: true },
        'review-invitations': { last_success: null, late: false },
        'reviews-publish': { last_success: null, late: false },
        'shift-reminders': { last_success: null, late: false },
      });
      await t.app.alerts.runOnce();
      expect((await health(other))['offer-alerts']).toEqual({ last_success: sentAt, late: false });
    } finally {
      await other.close();
    }
  });
});
