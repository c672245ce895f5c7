/**
 * Organisations, their pharmacies and their people (decision 089): the schemas and the answers' messages, imported as
 * `@farmaponte/shared/organisation` and not through the index, so only the pages that use them carry them.
 */
import { useItalianZodMessages } from './zod-messages';

export * from './messages-organisation';
export * from './schemas/organisation';

useItalianZodMessages();
