/** The password-reset e-mail (docs/rules.md#sessions): Italian text with the one-hour link. */
export function resetMail(link: string) {
  return {
    subject: 'Farmaponte: ripristino della password',
    text: [
      'Ciao,',
      '',
      'abbiamo ricevuto una richiesta di ripristino della password del tuo account Farmaponte.',
      `Per scegliere una nuova password apri questo link entro un'ora:`,
      link,
      '',
      'Se non hai chiesto tu il ripristino, ignora questa e-mail: la tua password resta invariata.',
      '',
      'Il team Farmaponte',
    ].join('\n'),
    html: `<p>Ciao,</p><p>abbiamo ricevuto una richiesta di ripristino della password del tuo account Farmaponte.</p><p>Per scegliere una nuova password apri questo link entro un'ora:</p><p><a href="${link}">${link}</a></p><p>Se non hai chiesto tu il ripristino, ignora questa e-mail: la tua password resta invariata.</p><p>Il team Farmaponte</p>`,
  };
}
