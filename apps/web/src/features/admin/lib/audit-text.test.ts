import { describe, expect, it } from 'vitest';
import { auditDetailLines } from './audit-text';

describe('auditDetailLines', () => {
  it("tells a page of many people's data read: its filters and how many it showed", () => {
    expect(auditDetailLines({ action: 'owners.list', details: { search: 'Lanza', shown: 1 } })).toEqual([
      'Ricerca: «Lanza»',
      '1 risultato mostrato',
    ]);
    expect(
      auditDetailLines({
        action: 'verifications.list',
        details: { status: 'pending', role: 'titolare', page: 2, shown: 20 },
      }),
    ).toEqual(['Ruolo: Titolare', 'Stato: in attesa', 'Pagina 2', '20 risultati mostrati']);
  });

  it('tells a decision with the role in Italian and the reason', () => {
    expect(
      auditDetailLines({ action: 'verification.reject', details: { role: 'farmacista', reason: 'Albo non trovato' } }),
    ).toEqual(['Ruolo: Farmacista', 'Motivo: Albo non trovato']);
  });

  it('tells a move from the old to the new position, or that there was none', () => {
    expect(
      auditDetailLines({
        action: 'pharmacy.set_coordinates',
        details: { old_lat: null, old_lng: null, new_lat: 45.4642, new_lng: 9.19 },
      }),
    ).toEqual(['Da nessuna posizione a 45.4642, 9.19']);
  });

  it("tells an import's counts with Italian grouping, and when it stopped half way", () => {
    expect(
      auditDetailLines({
        action: 'registry.import',
        details: { read: 20400, imported: 20000, updated: 300, skipped: 100, complete: false },
      }),
    ).toEqual([
      '20.400 righe lette: 20.000 farmacie nuove, 300 aggiornate, 100 scartate',
      'Importazione interrotta: salvato solo in parte',
    ]);
  });

  it("tells a report's resolution: the outcome, what was reported, the other reports it closed", () => {
    expect(
      auditDetailLines({
        action: 'report.resolve',
        details: { action: 'suspend_user', note: 'Chiede dati bancari', target: 'offer:8', alsoResolved: [4, 5] },
      }),
    ).toEqual([
      'Nota: Chiede dati bancari',
      'Esito: utente sospeso',
      'Oggetto: offerta n. 8',
      'Chiuse con essa 2 altre segnalazioni',
    ]);
  });

  it('tells a suspension with its reason and how many open offers it closed', () => {
    expect(auditDetailLines({ action: 'user.suspend', details: { reason: 'Truffa', offersClosed: 1 } })).toEqual([
      'Motivo: Truffa',
      '1 offerta aperta chiusa',
    ]);
  });

  it('tells a hidden review with its reason and how many reports naming it it closed', () => {
    expect(auditDetailLines({ action: 'review.hide', details: { reason: 'Offensiva', reportsResolved: [4, 9] } })).toEqual([
      'Motivo: Offensiva',
      'Chiuse 2 segnalazioni sulla recensione',
    ]);
    expect(auditDetailLines({ action: 'review.hide', details: { reason: 'Offensiva', reportsResolved: [] } })).toEqual([
      'Motivo: Offensiva',
    ]);
  });

  it('lists plain values of fields it does not know, and nothing for an empty entry', () => {
    expect(auditDetailLines({ action: 'report.resolve', details: { outcome: 'offer_hidden', nested: { a: 1 } } })).toEqual([
      'outcome: offer_hidden',
    ]);
    expect(auditDetailLines({ action: 'user.view', details: {} })).toEqual([]);
  });
});
