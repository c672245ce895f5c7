import { RECLASSIFICATION_TEXT } from '@farmaponte/shared/contracts';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { indicatorText } from '../lib/engagement-facts';
import { ReclassificationWarning } from './reclassification-warning';

const warning = {
  at_risk: true,
  from: '2025-11-29',
  to: '2026-11-28',
  indicators: [
    { key: 'shifts' as const, value: 100, threshold: 96, over: true, label: RECLASSIFICATION_TEXT.labels.shifts(96) },
    {
      key: 'sameWeekdayWeeks' as const,
      value: 3,
      threshold: 8,
      over: false,
      label: RECLASSIFICATION_TEXT.labels.sameWeekdayWeeks(8),
    },
    {
      key: 'hoursPerMonth' as const,
      value: 130,
      threshold: 120,
      over: true,
      label: RECLASSIFICATION_TEXT.labels.hoursPerMonth(120),
    },
    { key: 'share' as const, value: null, threshold: 0.8, over: false, label: RECLASSIFICATION_TEXT.labels.share(0.8) },
  ],
  title: RECLASSIFICATION_TEXT.title,
  explanation: RECLASSIFICATION_TEXT.explanation,
  advice: [...RECLASSIFICATION_TEXT.advice],
  source: 'art. 2094 c.c.',
};

describe("the reclassification warning in the owner's acceptance", () => {
  it('says the title, the explanation, only the indicators over their thresholds, the advice and the source, and that it does not block', () => {
    const html = renderToStaticMarkup(createElement(ReclassificationWarning, { warning }));
    expect(html).toContain('Rischio di riqualificazione del rapporto');
    expect(html).toContain(RECLASSIFICATION_TEXT.explanation.replace(/'/g, '&#x27;'));
    expect(html).toContain(`${RECLASSIFICATION_TEXT.labels.shifts(96)}: 100`);
    expect(html).toContain(`${RECLASSIFICATION_TEXT.labels.hoursPerMonth(120)}: 130`);
    expect(html).not.toContain(RECLASSIFICATION_TEXT.labels.sameWeekdayWeeks(8));
    for (const line of RECLASSIFICATION_TEXT.advice) expect(html).toContain(line.replace(/'/g, '&#x27;'));
    expect(html).toContain('Fonte: art. 2094 c.c.');
    expect(html).toContain('Puoi comunque accettare.');
  });

  it('writes the share as a percentage, and an indicator not read by its label alone', () => {
    expect(indicatorText({ key: 'share', value: 0.85, label: 'Quota' })).toBe('Quota: 85%');
    expect(indicatorText({ key: 'share', value: null, label: 'Quota' })).toBe('Quota');
    expect(indicatorText({ key: 'shifts', value: 12, label: 'Giorni' })).toBe('Giorni: 12');
  });
});
