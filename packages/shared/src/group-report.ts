/**
 * The group report and its monthly statement (decision 091): the schemas and the texts, imported as
 * `@farmaponte/shared/group-report` and not through the index, so only the pages that use them carry them.
 */
import { useItalianZodMessages } from './zod-messages';

export * from './messages-group-report';
export * from './schemas/group-report';

useItalianZodMessages();
