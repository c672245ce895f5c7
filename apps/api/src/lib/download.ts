/** What a file a user uploads and downloads again is named: a plain name in, and a header every client reads out. */

// biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point.
const CONTROL_CHARACTERS_GLOBAL = /[\u0000-\u001F\u007F"]/g;

/** The name a client gave (`?name=`), reduced to a plain file name of at most 200 characters ('' when nothing is left). */
export const plainFileName = (raw: string | undefined): string =>
  (raw ?? '').replace(CONTROL_CHARACTERS_GLOBAL, '').split(/[\\/]/).pop()?.trim().slice(0, 200) ?? '';

/** The download's name: plain ASCII for every client, the name as given for those that read RFC 5987. */
export const attachmentDisposition = (name: string) =>
  `attachment; filename="${name.replace(/[^\x20-\x7E]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;
