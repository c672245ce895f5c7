/** Informativa sulla Privacy di Farmaponte, ai sensi degli artt. 13 e 14 del GDPR (ultimo aggiornamento 13/05/2025). */
import type { TLegalDocument } from '../components/legal-document';
import { RetentionPeriods } from '../components/retention-periods';

export const PRIVACY: TLegalDocument = {
  title: 'Informativa sulla Privacy',
  lastUpdated: '13/05/2025',
  intro: (
    <p>
      La presente informativa descrive come Farmaponte tratta i dati personali di chi si registra e utilizza la piattaforma, ai
      sensi degli articoli 13 e 14 del Regolamento (UE) 2016/679 (“GDPR”) e del D.Lgs. 196/2003 (“Codice Privacy”), come
      modificato dal D.Lgs. 101/2018. Ti invitiamo a leggerla con attenzione.
    </p>
  ),
  sections: [
    {
      id: 'titolare',
      title: 'Titolare del trattamento',
      body: (
        <p>
          Il titolare del trattamento è <strong>Farmaponte</strong>. Per qualsiasi questione relativa ai tuoi dati personali e per
          esercitare i tuoi diritti puoi scrivere all'indirizzo <a href="mailto:privacy@farmaponte.it">privacy@farmaponte.it</a>.
        </p>
      ),
    },
    {
      id: 'dati',
      title: 'Quali dati trattiamo',
      body: (
        <>
          <ul>
            <li>
              <strong>Dati di registrazione e del profilo</strong>: indirizzo email (che funge da nome utente), password
              (conservata solo in forma cifrata con una funzione di hash, mai in chiaro), nome, cognome, data e luogo di nascita,
              telefono, regione, provincia, comune e via di residenza, ruolo (farmacista o titolare), descrizione personale e
              consensi espressi.
            </li>
            <li>
              <strong>Dati professionali</strong>: per i farmacisti, numero di iscrizione all'albo, titolo di studio e regione in
              cui si preferisce lavorare; per i titolari, denominazione, indirizzo e comune della farmacia, partita IVA e
              posizione della farmacia sulla mappa.
            </li>
            <li>
              <strong>Curriculum vitae</strong>: il file PDF che decidi di caricare, con i dati che vi hai inserito.
            </li>
            <li>
              <strong>Offerte e candidature</strong>: le offerte pubblicate dai titolari e le candidature inviate dai farmacisti,
              con data e ora di invio.
            </li>
            <li>
              <strong>Dati di utilizzo (log)</strong>: indirizzo IP, data e ora delle richieste, pagine e funzioni utilizzate,
              esiti degli accessi; sono raccolti automaticamente dai sistemi per garantire la sicurezza del servizio.
            </li>
          </ul>
          <p>
            Non ti chiediamo categorie particolari di dati (ad esempio dati relativi alla salute): ti invitiamo a non inserirle
            nel CV o nella descrizione personale.
          </p>
        </>
      ),
    },
    {
      id: 'finalita',
      title: 'Finalità e basi giuridiche del trattamento',
      body: (
        <>
          <p>
            Trattiamo i tuoi dati per le seguenti finalità, ciascuna fondata su una base giuridica prevista dall'art. 6 del GDPR:
          </p>
          <ul>
            <li>
              <strong>Fornire il servizio</strong>: creare e gestire il tuo account, pubblicare le offerte, inviare e ricevere
              candidature, inviarti le email di servizio (ad esempio il ripristino della password). Base giuridica: esecuzione del
              contratto di cui sei parte (art. 6, par. 1, lett. b).
            </li>
            <li>
              <strong>Sicurezza e prevenzione degli abusi</strong>: proteggere gli account, limitare i tentativi di accesso non
              autorizzati, individuare usi fraudolenti. Base giuridica: legittimo interesse del titolare e degli utenti (art. 6,
              par. 1, lett. f).
            </li>
            <li>
              <strong>Adempimenti di legge</strong>: rispondere a richieste delle autorità e conservare i dati imposti dalla
              normativa, anche fiscale, in caso di servizi a pagamento. Base giuridica: obbligo legale (art. 6, par. 1, lett. c).
            </li>
            <li>
              <strong>Comunicazioni e offerte personalizzate</strong> in base alla regione che hai indicato, solo se hai dato il
              consenso spuntando l'apposita casella. Base giuridica: consenso (art. 6, par. 1, lett. a), revocabile in ogni
              momento dal tuo profilo.
            </li>
          </ul>
          <p>
            Il conferimento dei dati contrassegnati come obbligatori è necessario per la registrazione; senza di essi non è
            possibile creare l'account. Il conferimento degli altri dati e il consenso alle comunicazioni sono facoltativi. Non
            effettuiamo profilazione né decisioni basate unicamente su trattamenti automatizzati.
          </p>
        </>
      ),
    },
    {
      id: 'conservazione',
      title: 'Per quanto tempo conserviamo i dati',
      body: <RetentionPeriods />,
    },
    {
      id: 'destinatari',
      title: 'A chi comunichiamo i dati',
      body: (
        <>
          <ul>
            <li>
              <strong>Titolari delle farmacie a cui ti candidi</strong>: quando invii una candidatura, il titolare che ha
              pubblicato l'offerta vede il tuo CV, il tuo nome e cognome, il titolo di studio, il comune e la provincia di
              residenza e il numero di telefono. Le farmacie a cui non ti sei candidato non vedono il tuo CV.
            </li>
            <li>
              <strong>Altri utenti</strong>: le offerte pubblicate dai titolari, con la denominazione e il comune della farmacia,
              sono visibili ai farmacisti registrati.
            </li>
            <li>
              <strong>Amministratori di Farmaponte</strong>, autorizzati al trattamento e vincolati alla riservatezza, per la
              gestione della piattaforma.
            </li>
            <li>
              <strong>Fornitori di servizi tecnici</strong> (hosting, invio di email), che trattano i dati per nostro conto come
              responsabili del trattamento ai sensi dell'art. 28 del GDPR.
            </li>
            <li>Autorità pubbliche, quando previsto dalla legge.</li>
          </ul>
          <p>I tuoi dati non sono venduti né ceduti a terzi per finalità di marketing.</p>
        </>
      ),
    },
    {
      id: 'trasferimenti',
      title: "Trasferimenti fuori dall'Unione Europea",
      body: (
        <p>
          I dati sono conservati e trattati su server situati nell'Unione Europea. Non trasferiamo i tuoi dati personali verso
          Paesi al di fuori dell'Unione Europea o dello Spazio Economico Europeo.
        </p>
      ),
    },
    {
      id: 'diritti',
      title: 'I tuoi diritti',
      body: (
        <>
          <p>In qualsiasi momento puoi esercitare i diritti previsti dagli articoli da 15 a 22 del GDPR:</p>
          <ul>
            <li>
              <strong>accesso</strong> (art. 15): sapere quali tuoi dati trattiamo e riceverne copia, anche da solo: "Scarica i
              miei dati" nel tuo profilo ti dà subito un file con tutto ciò che conserviamo su di te, e se sei un farmacista "Chi
              ha visto il tuo CV" ti dice chi lo ha aperto, da quale farmacia e quando;
            </li>
            <li>
              <strong>rettifica</strong> (art. 16): correggere o completare i tuoi dati, anche direttamente dalla pagina del
              profilo;
            </li>
            <li>
              <strong>cancellazione</strong> (art. 17): il pulsante “Elimina Account” nel tuo profilo cancella subito e
              definitivamente l'account e tutti i dati collegati (profilo, CV, offerte e candidature);
            </li>
            <li>
              <strong>limitazione del trattamento</strong> (art. 18), nei casi previsti dalla legge;
            </li>
            <li>
              <strong>portabilità</strong> (art. 20): ricevere i dati che ci hai fornito in un formato strutturato e leggibile da
              dispositivo automatico: il file di "Scarica i miei dati" (JSON, con il tuo CV in PDF);
            </li>
            <li>
              <strong>opposizione</strong> (art. 21) al trattamento basato sul legittimo interesse;
            </li>
            <li>
              <strong>revoca del consenso</strong> (art. 7, par. 3) in qualsiasi momento, senza pregiudicare la liceità del
              trattamento svolto prima della revoca: puoi togliere la spunta alle comunicazioni personalizzate dal tuo profilo;
            </li>
            <li>
              non essere sottoposto a decisioni basate unicamente su trattamenti automatizzati (art. 22): Farmaponte non prende
              decisioni di questo tipo.
            </li>
          </ul>
        </>
      ),
    },
    {
      id: 'esercizio',
      title: 'Come esercitare i tuoi diritti',
      body: (
        <p>
          Scrivi a <a href="mailto:privacy@farmaponte.it">privacy@farmaponte.it</a> dall'indirizzo email associato al tuo account,
          indicando il diritto che vuoi esercitare. Ti risponderemo senza ingiustificato ritardo e comunque entro 30 giorni dal
          ricevimento della richiesta; nei casi particolarmente complessi il termine può essere prorogato nei limiti previsti
          dall'art. 12 del GDPR, e in tal caso ti informeremo dei motivi. L'esercizio dei diritti è gratuito.
        </p>
      ),
    },
    {
      id: 'reclamo',
      title: 'Reclamo al Garante',
      body: (
        <p>
          Se ritieni che il trattamento dei tuoi dati violi il GDPR, hai il diritto di proporre reclamo al Garante per la
          protezione dei dati personali (Piazza Venezia 11, 00187 Roma – www.garanteprivacy.it) o all'autorità di controllo dello
          Stato membro in cui risiedi o lavori, oppure di ricorrere all'autorità giudiziaria.
        </p>
      ),
    },
    {
      id: 'cookie',
      title: 'Cookie e archiviazione locale',
      body: (
        <>
          <p>
            Farmaponte non utilizza cookie di profilazione, strumenti di tracciamento o servizi di analisi di terze parti e non
            mostra pubblicità.
          </p>
          <p>
            Per mantenere la sessione dopo l'accesso, l'applicazione salva nella memoria locale del browser (localStorage) due
            codici tecnici di autenticazione. Si tratta di strumenti strettamente necessari al funzionamento del servizio, che non
            richiedono il consenso: vengono cancellati quando esci con “Logout” ed eliminati automaticamente alla loro scadenza.
          </p>
        </>
      ),
    },
    {
      id: 'minori',
      title: 'Minori',
      body: (
        <p>
          La piattaforma è riservata ai maggiorenni. Non raccogliamo consapevolmente dati di persone con meno di 18 anni; se
          veniamo a conoscenza di un account di questo tipo, lo eliminiamo.
        </p>
      ),
    },
    {
      id: 'modifiche',
      title: 'Modifiche alla presente informativa',
      body: (
        <p>
          Potremo aggiornare questa informativa per riflettere cambiamenti del servizio o della normativa. La versione in vigore è
          sempre pubblicata su questa pagina con la data dell'ultimo aggiornamento; in caso di modifiche rilevanti ti informeremo
          tramite la piattaforma o via email.
        </p>
      ),
    },
  ],
};
