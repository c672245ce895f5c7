/** The external calendar's address as the client and the server both check it (decision 096). */
import { describe, expect, it } from 'vitest';
import { EXTERNAL_CALENDAR_MESSAGES, ZExternalCalendarInputSchema } from './availability';

describe('an external calendar address', () => {
  it('takes http and https, and webcal as https', () => {
    expect(ZExternalCalendarInputSchema.parse({ url: ' webcal://p01-caldav.icloud.com/published/2/abc ' })).toEqual({
      url: 'https://p01-caldav.icloud.com/published/2/abc',
    });
    expect(ZExternalCalendarInputSchema.parse({ url: 'https://calendar.google.com/calendar/ical/x/basic.ics' }).url).toBe(
      'https://calendar.google.com/calendar/ical/x/basic.ics',
    );
  });

  it('refuses anything else with an Italian message', () => {
    for (const url of [
      '',
      'calendar.google.com/x.ics',
      'ftp://example.com/x',
      'https://a:b@example.com/x',
      'javascript:alert(1)',
    ]) {
      const parsed = ZExternalCalendarInputSchema.safeParse({ url });
      expect(parsed.success, url).toBe(false);
      expect([EXTERNAL_CALENDAR_MESSAGES.urlRequired, EXTERNAL_CALENDAR_MESSAGES.urlInvalid], url).toContain(
        parsed.error?.issues[0]?.message,
      );
    }
  });
});
