/**
 * A pharmacist's calendar and the owners' search of who is free (decision 070): the schemas and the answers' messages,
 * imported as `@farmaponte/shared/availability` and not through the index, whose chunk every form of the web app
 * loads: only the two pages that use them carry them.
 */
import { useItalianZodMessages } from './zod-messages';

export * from './messages-availability';
export * from './messages-external-calendar';
export * from './schemas/availability';
export * from './schemas/external-calendar';

// zod's own messages in Italian, as the index sets them: a page that reads only these schemas may not load the index.
useItalianZodMessages();
