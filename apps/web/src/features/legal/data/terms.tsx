/** Termini e Condizioni d'uso di Farmaponte (ultimo aggiornamento 28/03/2025, legge italiana, Foro di Milano). */
import { LIMITS } from '@farmaponte/shared/limits';
import { RELIABILITY_MESSAGES } from '@farmaponte/shared/review-messages';
import type { TLegalDocument } from '../components/legal-document';

export const TERMS: TLegalDocument = {
  title: "Termini e Condizioni d'uso",
  lastUpdated: '28/03/2025',
  intro: (
    <>
      <p>
        I presenti Termini e Condizioni d'uso (di seguito, i “Termini”) regolano l'accesso e l'utilizzo della piattaforma
        Farmaponte (di seguito, la “Piattaforma”), il servizio online che mette in contatto farmacisti e titolari di farmacia per
        offerte di lavoro, sostituzioni e turni.
      </p>
      <p>
        Registrandoti e utilizzando la Piattaforma dichiari di aver letto e compreso i presenti Termini e di accettarli
        integralmente. Se non li accetti, ti preghiamo di non utilizzare la Piattaforma. Il trattamento dei tuoi dati personali è
        descritto nell'<a href="/privacy">Informativa sulla Privacy</a>, che costituisce parte integrante dei presenti Termini.
      </p>
    </>
  ),
  sections: [
    {
      id: 'servizio',
      title: 'Descrizione del servizio',
      body: (
        <>
          <p>Farmaponte offre strumenti online che consentono in particolare:</p>
          <ul>
            <li>
              ai <strong>farmacisti</strong> di creare un profilo professionale, caricare il proprio curriculum vitae (CV) in
              formato PDF, consultare le offerte pubblicate, anche su mappa, e inviare la propria candidatura con un clic;
            </li>
            <li>
              ai <strong>titolari di farmacia</strong> di pubblicare offerte di lavoro per una o più giornate con l'indicazione
              della retribuzione oraria, modificarle o rimuoverle e consultare le candidature ricevute con il relativo CV;
            </li>
            <li>agli amministratori della Piattaforma di verificare le farmacie e gli utenti registrati.</li>
          </ul>
          <p>
            Farmaponte è un intermediario tecnico: non è parte dei rapporti di lavoro o di collaborazione che nascono tra
            farmacisti e titolari, non seleziona i candidati e non garantisce che un'offerta porti a un incarico. Le condizioni
            dell'eventuale rapporto sono concordate direttamente e liberamente tra le parti interessate.
          </p>
        </>
      ),
    },
    {
      id: 'account',
      title: 'Registrazione e account',
      body: (
        <>
          <p>
            Per utilizzare la Piattaforma è necessario registrarsi come farmacista o come titolare di farmacia e avere compiuto 18
            anni. Al momento della registrazione ti impegni a fornire dati veri, esatti, completi e aggiornati e a mantenerli tali
            nel tempo tramite la pagina del tuo profilo.
          </p>
          <p>
            L'account è personale e non può essere ceduto a terzi. Sei responsabile della riservatezza delle tue credenziali e di
            ogni attività svolta con il tuo account: scegli una password robusta, non comunicarla a nessuno e avvisaci subito
            all'indirizzo <a href="mailto:info@farmaponte.it">info@farmaponte.it</a> se sospetti un uso non autorizzato. Puoi
            ripristinare la password in qualsiasi momento con la funzione “Recupera password”.
          </p>
          <p>
            Puoi eliminare il tuo account in ogni momento dalla pagina del profilo con il pulsante “Elimina Account”:
            l'eliminazione è immediata e irreversibile e comporta la cancellazione dei tuoi dati, del CV, delle offerte e delle
            candidature collegate.
          </p>
        </>
      ),
    },
    {
      id: 'obblighi',
      title: 'Obblighi degli utenti',
      body: (
        <>
          <p>
            Tutti gli utenti si impegnano a utilizzare la Piattaforma in modo lecito, corretto e in buona fede. In particolare è
            vietato:
          </p>
          <ul>
            <li>pubblicare contenuti falsi, ingannevoli, offensivi, discriminatori o comunque contrari alla legge;</li>
            <li>utilizzare i dati di altri utenti per finalità diverse dalla selezione e dalla ricerca di personale;</li>
            <li>
              inviare comunicazioni commerciali non richieste o usare la Piattaforma per attività diverse da quelle previste;
            </li>
            <li>
              tentare di accedere senza autorizzazione ad account altrui o ai sistemi della Piattaforma, o comprometterne il
              funzionamento con strumenti automatici.
            </li>
          </ul>
          <p>
            <strong>Farmacisti.</strong> Il farmacista dichiara di essere in possesso del titolo di studio e dell'abilitazione
            all'esercizio della professione e di essere regolarmente iscritto all'Albo dei Farmacisti. I dati relativi
            all'iscrizione all'albo (numero e ordine provinciale) e al titolo di studio devono essere veritieri: la loro falsità
            può integrare responsabilità anche penali e comporta la chiusura immediata dell'account.
          </p>
          <p>
            <strong>Titolari di farmacia.</strong> Il titolare dichiara di avere i poteri per rappresentare la farmacia indicata e
            si impegna a pubblicare esclusivamente offerte reali e lecite, conformi alla normativa sul lavoro e sulle pari
            opportunità, prive di requisiti discriminatori, con una retribuzione non inferiore a quella prevista dal Contratto
            Collettivo Nazionale di Lavoro (CCNL) applicabile ai dipendenti di farmacia. Il titolare è l'unico responsabile del
            contenuto delle proprie offerte e del rapporto che instaura con i candidati.
          </p>
        </>
      ),
    },
    {
      id: 'contenuti',
      title: 'Contenuti e CV',
      body: (
        <>
          <p>
            Restano di tua proprietà i contenuti che pubblichi sulla Piattaforma (profilo, descrizione personale, CV, offerte).
            Pubblicandoli concedi a Farmaponte, per la sola durata della tua presenza sulla Piattaforma, una licenza non esclusiva
            e gratuita a conservarli e mostrarli agli altri utenti nella misura necessaria a fornire il servizio.
          </p>
          <p>
            Il CV che carichi è visibile soltanto a te, ai titolari delle farmacie alle cui offerte ti candidi e agli
            amministratori della Piattaforma; non è mai pubblicato in elenchi aperti. Sei responsabile del suo contenuto: evita di
            inserire dati non necessari alla selezione, in particolare dati relativi alla salute o altre categorie particolari di
            dati personali.
          </p>
          <p>
            Farmaponte non verifica preventivamente i contenuti pubblicati dagli utenti, ma può rimuovere, anche senza preavviso,
            quelli che violano i presenti Termini o la legge, anche a seguito di segnalazione.
          </p>
        </>
      ),
    },
    {
      id: 'premium',
      title: 'Abbonamento premium',
      body: (
        <>
          <p>
            L'uso della Piattaforma è attualmente gratuito. In futuro Farmaponte potrà offrire funzionalità aggiuntive a pagamento
            tramite un abbonamento premium. <strong>Il servizio premium non è ancora attivo</strong>: nessun importo ti sarà
            addebitato senza che tu lo abbia sottoscritto espressamente.
          </p>
          <p>
            Qualora l'abbonamento venga attivato, si applicheranno le seguenti condizioni, che ti saranno comunque ripresentate
            prima dell'acquisto:
          </p>
          <ul>
            <li>il prezzo, la durata e le funzionalità incluse saranno indicati chiaramente prima della sottoscrizione;</li>
            <li>
              l'abbonamento si rinnoverà automaticamente alla scadenza per un periodo di pari durata, salvo disdetta da parte tua
              prima della data di rinnovo, che potrai effettuare in ogni momento dalla Piattaforma;
            </li>
            <li>
              gli importi già pagati non saranno rimborsati, neppure in caso di disdetta o di mancato utilizzo nel periodo in
              corso, fatti salvi i diritti inderogabili che la legge riconosce al consumatore, compreso il diritto di recesso ove
              applicabile.
            </li>
          </ul>
        </>
      ),
    },
    {
      id: 'recensioni-affidabilita',
      title: 'Recensioni, affidabilità e annullamenti',
      body: (
        <>
          <p>
            Dopo un turno, titolare e farmacista possono recensirsi a vicenda entro {LIMITS.reviewWindowDays} giorni dalla fine
            del turno. Le due recensioni sono pubblicate insieme, quando le hanno scritte entrambi o alla scadenza: nessuno legge
            l'altra prima di scrivere la propria. Chi è recensito può rispondere una volta; una recensione può essere segnalata e,
            se viola i presenti Termini, nascosta dagli amministratori.
          </p>
          <p>{RELIABILITY_MESSAGES.policy}</p>
        </>
      ),
    },
    {
      id: 'responsabilita',
      title: 'Limitazione di responsabilità',
      body: (
        <>
          <p>
            Farmaponte si impegna a mantenere la Piattaforma disponibile e sicura, ma non può garantire un servizio privo di
            interruzioni o errori: potranno essere necessarie sospensioni per manutenzione, aggiornamenti o cause non dipendenti
            dalla sua volontà.
          </p>
          <p>
            Nei limiti consentiti dalla legge, Farmaponte non risponde: dell'esattezza dei dati e dei contenuti inseriti dagli
            utenti; dell'esito delle candidature; dei rapporti, dei compensi e degli eventuali inadempimenti tra farmacisti e
            titolari; dei danni indiretti derivanti dall'uso o dal mancato uso della Piattaforma. Resta ferma la responsabilità di
            Farmaponte per dolo o colpa grave e negli altri casi in cui la legge non consente di limitarla.
          </p>
        </>
      ),
    },
    {
      id: 'sospensione',
      title: "Sospensione e chiusura dell'account",
      body: (
        <p>
          In caso di violazione dei presenti Termini, di dichiarazioni non veritiere o di uso abusivo della Piattaforma,
          Farmaponte può sospendere o chiudere l'account interessato, informandone l'utente quando possibile. Puoi chiudere il tuo
          account in qualsiasi momento con la funzione “Elimina Account” presente nel tuo profilo.
        </p>
      ),
    },
    {
      id: 'modifiche',
      title: 'Modifiche ai Termini',
      body: (
        <p>
          Farmaponte può modificare i presenti Termini per adeguarli a novità normative o a cambiamenti del servizio. La versione
          aggiornata è pubblicata su questa pagina con la data dell'ultimo aggiornamento; le modifiche rilevanti sono comunicate
          agli utenti registrati con un preavviso ragionevole. Se non accetti le nuove condizioni puoi eliminare il tuo account;
          continuando a usare la Piattaforma dopo la loro entrata in vigore, le accetti.
        </p>
      ),
    },
    {
      id: 'legge',
      title: 'Legge applicabile e foro competente',
      body: (
        <p>
          I presenti Termini sono regolati dalla legge italiana. Per ogni controversia relativa alla loro interpretazione,
          esecuzione o validità è competente in via esclusiva il Foro di Milano, fatta salva la competenza inderogabile del
          giudice del luogo di residenza o di domicilio dell'utente che agisca in qualità di consumatore ai sensi del Codice del
          Consumo (D.Lgs. 206/2005).
        </p>
      ),
    },
    {
      id: 'contatti',
      title: 'Contatti',
      body: (
        <p>
          Per domande sui presenti Termini o per segnalare contenuti non conformi puoi scrivere a{' '}
          <a href="mailto:info@farmaponte.it">info@farmaponte.it</a>. Per le richieste relative ai dati personali utilizza
          l'indirizzo <a href="mailto:privacy@farmaponte.it">privacy@farmaponte.it</a>.
        </p>
      ),
    },
  ],
};
