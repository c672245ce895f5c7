/**
 * The mail to the owner of an address someone tried to register again (decision 054): the registration answered as if
 * it were new, so only the mailbox learns the account exists. Italian text with the login and the password reset.
 */
export function registrationAttemptMail(publicUrl: string) {
  const login = `${publicUrl}/login`;
  const forgot = `${publicUrl}/forgot-password`;
  const paragraphs = [
    'Ciao,',
    'qualcuno (forse tu) ha provato a registrarsi su Farmaponte con questo indirizzo email, che ha già un account.',
    'Non abbiamo creato un nuovo account e il tuo resta com’era.',
    'Se eri tu, accedi con la tua password:',
    login,
    'Se non la ricordi, scegline una nuova da qui:',
    forgot,
    'Se non eri tu, puoi ignorare questa email.',
    'Il team Farmaponte',
  ];
  const isLink = (line: string) => line === login || line === forgot;
  return {
    subject: 'Farmaponte: un tentativo di registrazione con il tuo indirizzo',
    text: paragraphs.join('\n\n'),
    html: paragraphs.map((line) => (isLink(line) ? `<p><a href="${line}">${line}</a></p>` : `<p>${line}</p>`)).join(''),
  };
}
